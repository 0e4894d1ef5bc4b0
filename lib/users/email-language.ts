import "server-only";
import { db } from "@/lib/db";
import { asLocale, type Locale } from "@/lib/i18n/locales";

/** The language a staff member chose for the e-mails about their work (English until they choose). */
export async function emailLanguageOf(userId: string): Promise<Locale> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { emailLocale: true } });
  return asLocale(user?.emailLocale);
}
