import { z } from "zod";
import { locales } from "@/lib/i18n/locales";

/** One of my sessions as the security page shows it (never its token): GET /api/account/sessions. */
export const activeSessionSchema = z.object({
  id: z.string(),
  device: z.string().nullable(),
  /** Where it signed in from, readable: "this computer" (loopback) or the address in its short form. */
  address: z.discriminatedUnion("kind", [z.object({ kind: z.literal("loopback") }), z.object({ kind: z.literal("address"), text: z.string() })]).nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const sessionListSchema = z.object({ sessions: z.array(activeSessionSchema) });

/** DELETE /api/account/sessions/:id ends one session; DELETE /api/account/sessions the others (their number). */
export const sessionParamsSchema = z.object({ id: z.uuid() });
export const sessionEndedSchema = z.object({ revoked: z.literal(true) });
export const otherSessionsEndedSchema = z.object({ revoked: z.number().int().nonnegative() });

/** DELETE /api/account: the account's e-mail address, typed again to confirm. */
export const deleteAccountSchema = z.object({ confirmEmail: z.string().trim().min(1, "invalid_input").max(320, "invalid_input") });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
export const accountDeletedSchema = z.object({ deleted: z.literal(true) });

/** PUT /api/account/email-language: the language of the e-mails a staff member gets about their work. */
export const emailLanguageSchema = z.object({ locale: z.enum(locales, "invalid_input") });
export type EmailLanguageInput = z.infer<typeof emailLanguageSchema>;
