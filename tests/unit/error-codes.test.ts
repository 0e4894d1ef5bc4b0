/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import english from "@/messages/en.json";

/*
 * Every error code the server can throw must have a text (and, through the message-completeness
 * test, a translation): scan lib/ and app/ for the code literals given to AppError, directly or as
 * the alternatives of a conditional.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The string literals among the second argument of each `new AppError(kind, code ...)`. */
function thrownCodes(source: string): string[] {
  const codes: string[] = [];
  for (const match of source.matchAll(/new AppError\(\s*[^,()]+,\s*((?:[^,()"]|"[^"]*")+)/g))
    for (const literal of match[1].matchAll(/"([^"]*)"/g)) codes.push(literal[1]);
  return codes;
}

const root = process.cwd();
const files = [...sourceFiles(path.join(root, "lib")), ...sourceFiles(path.join(root, "app"))];

test("the scan finds the codes of a plain and of a conditional AppError", () => {
  expect(thrownCodes(`throw new AppError("not_found", "case_not_found");`)).toEqual(["case_not_found"]);
  expect(thrownCodes(`new AppError("conflict", allowed.length ? "case_status_not_manual" : "case_status_final", { params })`)).toEqual([
    "case_status_not_manual",
    "case_status_final",
  ]);
});

test("every error code thrown in lib/ and app/ has a text in messages/en.json", () => {
  const thrown = files.flatMap((file) => thrownCodes(readFileSync(file, "utf8")).map((code) => ({ file: path.relative(root, file), code })));
  expect(thrown.length).toBeGreaterThan(100);
  expect(thrown.filter(({ code }) => !Object.hasOwn(english.errors, code))).toEqual([]);
});

/**
 * The messages a contract schema gives its rules (`.max(100, "too_long")`, `{ error: "field_required" }`):
 * the browser shows them with useErrorText and the server answers them, so each must be an error code
 * (or a person-name rule's key), never a sentence in one language. The account forms (lib/contracts/auth.ts)
 * still name their texts under auth.errors and twoFactor, which every locale has too.
 */
function schemaMessages(source: string): string[] {
  const messages: string[] = [];
  for (const match of source.matchAll(
    /\.(?:min|max|length|regex|email|uuid|enum|refine|int|string|boolean|number|array|object|literal|url|date)\((?:[^()"]|\([^()]*\)|"[^"]*")*?,\s*"([^"]+)"\s*\)/g,
  ))
    messages.push(match[1]);
  for (const match of source.matchAll(/\berror: "([^"]+)"/g)) messages.push(match[1]);
  return messages;
}

test("the scan finds a rule's message and an error option", () => {
  expect(schemaMessages(`z.string().trim().max(NOTE_MAX, "too_long"); z.enum(values, "meeting_type_invalid"); z.string({ error: "field_required" })`)).toEqual([
    "too_long",
    "meeting_type_invalid",
    "field_required",
  ]);
});

test("every message of a contract schema is an error code with a text in messages/en.json", () => {
  const contracts = sourceFiles(path.join(root, "lib", "contracts"));
  const unknown = contracts.flatMap((file) =>
    schemaMessages(readFileSync(file, "utf8"))
      .filter((message) => !message.startsWith("nameRules.") && !Object.hasOwn(english.errors, message))
      .filter((message) => !(file.endsWith("contracts/auth.ts") && (Object.hasOwn(english.auth.errors, message) || Object.hasOwn(english.twoFactor, message))))
      .map((message) => ({ file: path.relative(root, file), message })),
  );
  expect(unknown).toEqual([]);
});
