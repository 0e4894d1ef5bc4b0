import { createTranslator, type AbstractIntlMessages } from "next-intl";
import { defaultLocale, isLocale, type Locale } from "./locales";

/** Each locale's messages, read from messages/<locale>.json when first asked for. */
const loaders: Record<Locale, () => Promise<{ default: AbstractIntlMessages }>> = {
  en: () => import("@/messages/en.json"),
  ha: () => import("@/messages/ha.json"),
  yo: () => import("@/messages/yo.json"),
  ig: () => import("@/messages/ig.json"),
  pcm: () => import("@/messages/pcm.json"),
  sw: () => import("@/messages/sw.json"),
  fr: () => import("@/messages/fr.json"),
  ar: () => import("@/messages/ar.json"),
  tr: () => import("@/messages/tr.json"),
  es: () => import("@/messages/es.json"),
  hi: () => import("@/messages/hi.json"),
  ru: () => import("@/messages/ru.json"),
  zh: () => import("@/messages/zh.json"),
};

/** Locale messages over English ones: a missing translation shows English, fully formatted. */
export function withEnglishFallback(messages: AbstractIntlMessages, english: AbstractIntlMessages): AbstractIntlMessages {
  const merged: AbstractIntlMessages = { ...english };
  for (const [key, value] of Object.entries(messages)) {
    const base = english[key];
    merged[key] =
      value && typeof value === "object" && base && typeof base === "object"
        ? withEnglishFallback(value as AbstractIntlMessages, base as AbstractIntlMessages)
        : value;
  }
  return merged;
}

/** A locale's messages with English under them (a missing text falls back to English, then to the key). */
export async function loadMessages(locale: Locale): Promise<AbstractIntlMessages> {
  const english = (await loaders[defaultLocale]()).default;
  return locale === defaultLocale ? english : withEnglishFallback((await loaders[locale]()).default, english);
}

export const keyAsFallback = ({ namespace, key }: { namespace?: string; key: string }) => [namespace, key].filter(Boolean).join(".");

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Translations outside React (e-mails, PDFs): an unknown locale gets English. */
export async function translatorFor(requested: string | null | undefined, namespace?: string): Promise<Translate> {
  const locale: Locale = isLocale(requested) ? requested : defaultLocale;
  const t = createTranslator({
    locale,
    messages: await loadMessages(locale),
    namespace: namespace as never,
    onError: () => {},
    getMessageFallback: keyAsFallback,
  });
  return (key, values) => (t as unknown as Translate)(key, values);
}
