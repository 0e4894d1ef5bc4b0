import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import { NAME_MAX_LENGTH } from "@/lib/contracts/people";
import { nameMessageKey } from "@/lib/contracts/name-messages";

/** A zod issue message in the reader's language when it is a person-name rule's key; other messages unchanged. */
export async function localizedIssueMessage(message: string, locale: Locale): Promise<string> {
  const key = nameMessageKey(message);
  if (!key) return message;
  return (await translatorFor(locale, "nameRules"))(key, { max: NAME_MAX_LENGTH });
}
