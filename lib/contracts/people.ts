import { z } from "zod";
import { NAME_MESSAGE_PREFIX, type NameProblem } from "./name-messages";

/**
 * The one rule for every person's name the app accepts (patients, consent signatures, accounts,
 * partner invitations, inquiries, attending physicians). A name is one line of letters, combining
 * marks, single spaces and the punctuation names really use (' ’ - . ,). It is quoted in e-mails
 * sent from our own address, so anything that could turn it into a message of its own is refused:
 * line breaks, invisible or direction-changing characters, web or e-mail addresses, markup, digits.
 *
 * Messages are keys under the "nameRules" namespace (./name-messages.ts): the browser translates them
 * with useTranslations, the server with lib/people/name-messages.ts.
 */
export const NAME_MAX_LENGTH = 120;

const messageOf = (problem: NameProblem) => `${NAME_MESSAGE_PREFIX}${problem}`;

const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/u;
// Zero-width joiner and non-joiner shape Persian and Indic names, and do so only between two letters.
const JOINER_BETWEEN_LETTERS = /(?<=[\p{L}\p{M}])[\u200c\u200d](?=[\p{L}\p{M}])/gu;
// Controls, format characters (bidi overrides and isolates, zero-width spaces, soft hyphens...),
// private-use, unassigned and surrogate code points.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]/u;
// A scheme, "www.", or a dot with two or more letters or digits right after it ("evil.example",
// "x.co"). "St. John", "J.R.R. Tolkien" and "Jr.," have a space, a single letter or an end there.
const LINK = /:\/\/|www\.|[\p{L}\p{N}]\.[\p{L}\p{N}]{2,}/iu;
const ALLOWED = /^[\p{L}\p{M} '’.,-]+$/u;

/** Why `value` (already trimmed, spaces collapsed) is not a name we accept, or null when it is one. */
export function nameProblem(value: string): NameProblem | null {
  if (value === "") return "required";
  if ([...value].length > NAME_MAX_LENGTH) return "tooLong";
  if (LINE_BREAK.test(value)) return "lineBreak";
  if (INVISIBLE.test(value.replace(JOINER_BETWEEN_LETTERS, ""))) return "invisible";
  if (value.includes("@")) return "email";
  if (LINK.test(value)) return "link";
  if (/[<>]/.test(value)) return "markup";
  if (/\p{N}/u.test(value)) return "digits";
  if (!ALLOWED.test(value.replace(JOINER_BETWEEN_LETTERS, ""))) return "character";
  return null;
}

/** Spaces of every width become one plain space, ends trimmed; composed characters (NFC). */
export function normalizeName(value: string): string {
  return value
    .normalize("NFC")
    .replace(/[\p{Zs}\t]+/gu, " ")
    .trim();
}

/**
 * The zod schema of a required person name; its messages are "nameRules.*" keys, but a form may
 * keep its own message for a missing name ("Please type your full name to give consent.").
 */
export function personName(options: { required?: string } = {}) {
  const required = options.required ?? messageOf("required");
  return z
    .string(required)
    .transform(normalizeName)
    .superRefine((value, ctx) => {
      const problem = nameProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem === "required" ? required : messageOf(problem) });
    });
}

/** The same, where a name may be left out: empty means not given. */
export function optionalPersonName() {
  return z
    .string(messageOf("required"))
    .optional()
    .transform((value) => (value === undefined ? undefined : normalizeName(value) || undefined))
    .superRefine((value, ctx) => {
      const problem = value === undefined ? null : nameProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: messageOf(problem) });
    });
}

/**
 * A stored name as it may appear in an e-mail: only if it passes today's rule (rows from before the
 * rule may hold anything), else null and the mail leaves the name out.
 */
export function nameForMail(value: string | null | undefined): string | null {
  if (!value) return null;
  const name = normalizeName(value);
  return nameProblem(name) ? null : name;
}
