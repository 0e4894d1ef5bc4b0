/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { locales } from "@/lib/i18n/locales";

type Messages = { [key: string]: string | Messages };

function load(locale: string): Messages {
  return JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8"));
}

function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/** ICU arguments such as {username} or {count, plural, ...}: a translation must keep each one. */
function argumentsOf(message: string): string {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if ("options" in element) for (const option of Object.values(element.options)) visit(option.value);
      if (element.type === TYPE.tag) visit(element.children);
    }
  };
  visit(parse(message));
  return [...names].sort().join();
}

const english = flatten(load("en"));

describe.each(locales.filter((locale) => locale !== "en"))("messages/%s.json", (locale) => {
  const translated = flatten(load(locale));

  test("has every key that English has, none empty", () => {
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    const empty = [...translated.entries()].filter(([, value]) => value.trim() === "").map(([key]) => key);
    expect({ missing, empty }).toEqual({ missing: [], empty: [] });
  });

  test("has no keys that English lacks", () => {
    expect([...translated.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  test("keeps every placeholder of the English text", () => {
    const broken = [...english.entries()]
      .filter(([key, value]) => translated.has(key) && argumentsOf(value) !== argumentsOf(translated.get(key)!))
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });
});
