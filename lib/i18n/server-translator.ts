import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createTranslator, type AbstractIntlMessages } from "next-intl";
import { defaultLocale, isLocale, type Locale } from "./locales";

const cache = new Map<Locale, Promise<AbstractIntlMessages>>();

function messagesOf(locale: Locale): Promise<AbstractIntlMessages> {
  if (!cache.has(locale)) cache.set(locale, readFile(path.join(process.cwd(), "messages", `${locale}.json`), "utf8").then(JSON.parse));
  return cache.get(locale)!;
}

/**
 * Translations outside React (e-mails, PDFs, route handlers), in the given language with English as
 * the fallback for anything missing.
 */
export async function serverTranslator(requested: string | null | undefined, namespace: string) {
  const locale: Locale = isLocale(requested) ? requested : defaultLocale;
  const [messages, english] = await Promise.all([messagesOf(locale), messagesOf(defaultLocale)]);
  const fallback = createTranslator({ locale: defaultLocale, messages: english, namespace: namespace as never });
  return createTranslator({
    locale,
    messages,
    namespace: namespace as never,
    onError: () => {},
    getMessageFallback: ({ key }) => (fallback as unknown as (key: string) => string)(key),
  }) as unknown as (key: string, values?: Record<string, string | number>) => string;
}
