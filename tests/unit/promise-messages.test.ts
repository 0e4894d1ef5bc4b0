/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { PLAN_PROMISE_HOURS, promiseValues } from "@/lib/contracts/promise";
import { RESPONSE_WINDOW_MS } from "@/lib/cases/routing";
import { locales, type Locale } from "@/lib/i18n/locales";

/**
 * One promise (issue 18, item 7): the hours within which hospitals answer come from PLAN_PROMISE_HOURS,
 * never from a figure written into a message. Every message that names a number of hours is either
 * one of the promise's messages (and then says {hours}) or states another, named duration below.
 */

type Messages = { [key: string]: string | Messages };

const load = (locale: string): Messages => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8"));

function flatten(messages: Messages, prefix = ""): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[full, value] as [string, string]] : flatten(value, full);
  });
}

/** The word (or abbreviation) for "hour(s)" in each language. */
const hourWords: Record<Locale, string> = {
  en: "hours?|hrs?|h",
  ha: "awa|sa['’]o|sa['’]a",
  yo: "wákàtí",
  ig: "awa|elekere",
  pcm: "hours?|h",
  sw: "saa",
  fr: "heures?|h",
  ar: "ساعة|ساعات|ساعتين|ساعتان|ساعه|س",
  tr: "saat|sa",
  es: "horas?|h",
  hi: "घंटे|घंटों|घंटा|घं",
  ru: "час(?:а|ов)?|ч",
  zh: "小时|小時|钟头",
};

const digits = "[0-9\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]+";
const range = `${digits}(?:\\s*(?:[-–—]|to|à|a|à|ila|zuwa|hadi|से|до|至|到|إلى)\\s*${digits})?`;

/** Numbers written next to the word for hours, before it or after it ("72 hours", "saa 72", "48–72 часов"). */
export function statedHours(locale: Locale, message: string): string[] {
  const word = `(?:${hourWords[locale]})`;
  // Scripts with spaces between words end the word at a non-letter; Chinese has no spaces ("72 小时内").
  const wordEnd = "(?![\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Arabic}])";
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${range}\\s*${word}${wordEnd}|${word}\\s*${range})(?![\\p{N}])`, "gu");
  return [...message.matchAll(pattern)].map((match) => match[0]);
}

/** Other durations, not the promise: each key may state only these numbers of hours. */
const otherDurations: Record<string, readonly number[]> = {
  "about.values.care.body": [24], // coordinators answer 24 hours a day
  "faq.support.body": [24],
  "faq.support.emailBody": [24], // inquiries answered within 24 hours
  "faq.support.urgentBody": [24], // emergency opinion
  "services.metaDescription": [24],
  "services.emergencyBody": [24],
  "services.why.fast.body": [24],
  "faq.categories.plans.questions.howFast.answer": [24],
  "faq.categories.travel.questions.invitation.answer": [48], // invitation letter after approval
  "faq.categories.care.questions.icuVisits.answer": [2],
  "faq.categories.care.questions.discharge.answer": [12],
  "faq.categories.care.questions.incidents.answer": [72], // root-cause analysis of an incident
  "contact.inquiryDescription": [24],
  "contact.toast.inquirySentDescription": [24],
  "footer.emergencyTitle": [24],
  "support.availability": [24],
  "demo.messaging.description": [24],
  "hospitalData.features.emergencyCare24h": [24],
  "footer.whatsappLabel": [24],
};

/** The messages that state the promise: each says {hours}. */
const promiseMessages = [
  "home.metaDescription",
  "home.heroSubtitle",
  "home.benefits.plans.title",
  "home.benefits.plans.body",
  "home.closingBody",
  "footer.tagline",
  "about.mission",
  "about.steps.plans.title",
  "about.stats.response.value",
  "about.ctaBody",
  "faq.intro",
  "faq.categories.gettingStarted.questions.howItWorks.answer",
  "faq.categories.plans.questions.howFast.answer",
  "terms.sections.plans.paragraphs.response",
  "seo.organizationDescription",
  "seo.faq.description",
  "emails.nextStep2",
  "services.intro",
  "services.why.fast.title",
  "services.why.fast.body",
  "departments.pdf.intro",
  "specialtyPage.metaDescription",
  "specialtyPage.ctaBody",
  "contact.meta.description",
  "contact.guestSuccess.contact",
  "admin.overdueTitle",
  "partner.subtitle",
];

function argumentNames(message: string): Set<string> {
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
  return names;
}

const asNumber = (text: string) =>
  Number(
    text
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace(/\D+/g, " ")
      .trim()
      .split(" ")
      .at(-1),
  );

describe("the promise of an answer within PLAN_PROMISE_HOURS", () => {
  test("the routing deadline is the promise", () => {
    expect(RESPONSE_WINDOW_MS).toBe(PLAN_PROMISE_HOURS * 60 * 60 * 1000);
  });

  test.each(locales)("messages/%s.json states no number of hours except the named other durations", (locale) => {
    const stray = flatten(load(locale)).flatMap(([key, message]) =>
      statedHours(locale, message)
        .filter(
          (match) =>
            !(otherDurations[key] ?? []).includes(asNumber(match)) ||
            // A range ("24–48 hours") is a stated number too; the word for hours may itself hold "à" (Yoruba wákàtí).
            /[-–—]|to|à|zuwa|hadi|से|до|至|到|إلى|ila/.test(match.replace(new RegExp(hourWords[locale], "u"), "")),
        )
        .map((match) => `${key}: "${match}"`),
    );
    expect(stray).toEqual([]);
  });

  test.each(locales)("messages/%s.json: every message of the promise takes {hours}", (locale) => {
    const messages = new Map(flatten(load(locale)));
    expect(promiseMessages.filter((key) => !argumentNames(messages.get(key) ?? "").has("hours"))).toEqual([]);
  });

  test("the scan finds figures written in each language's way", () => {
    expect(statedHours("en", "within 48 to 72 hours, or 24h")).toEqual(["48 to 72 hours", "24h"]);
    expect(statedHours("sw", "ndani ya saa 72")).toEqual(["saa 72"]);
    expect(statedHours("ru", "в течение 48–72 часов")).toEqual(["48–72 часов"]);
    expect(statedHours("ar", "خلال ٧٢ ساعة")).toEqual(["٧٢ ساعة"]);
    expect(statedHours("zh", "在 72 小时内")).toEqual(["72 小时"]);
    expect(statedHours("hi", "72 घंटों के भीतर")).toEqual(["72 घंटों"]);
    expect(statedHours("en", "within {hours} hours, 24/7, ISO 9001")).toEqual([]);
  });

  test.each([
    ["en", "Partner hospitals will answer with treatment plans within 72 hours."],
    ["ru", "Клиники-партнёры пришлют планы лечения в течение 72 часов."],
    ["ar", "ستردّ المستشفيات الشريكة بخطط علاجية خلال 72 ساعة."],
    ["sw", "Hospitali washirika zitakujibu kwa mipango ya matibabu ndani ya saa 72."],
  ] as const)("the success screen's promise reads in %s: %s", (locale, expected) => {
    const t = createTranslator({ locale, messages: load(locale) }) as unknown as (key: string, values: typeof promiseValues) => string;
    expect(t("contact.guestSuccess.contact", promiseValues)).toBe(expected.replace("72", String(PLAN_PROMISE_HOURS)));
  });
});
