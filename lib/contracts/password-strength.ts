import { COMMON_PASSWORDS } from "./common-passwords";

/** The server's answer to a refused password; the forms show auth.errors.passwordTooCommon. */
export const PASSWORD_TOO_COMMON = {
  code: "PASSWORD_TOO_COMMON",
  message: "This password is too common. Please choose another.",
} as const;

/** What we know about the account, so that a password made of it is refused. */
export interface PasswordOwner {
  email?: string | null;
  username?: string | null;
  name?: string | null;
}

const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s", "!": "i" };

// Runs a password must not be taken from: alphabet, digits, keyboard rows and columns (both directions).
const SEQUENCES = [
  "abcdefghijklmnopqrstuvwxyz",
  "01234567890123456789",
  "qwertyuiopasdfghjklzxcvbnm",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p",
  "zaq1xsw2cde3vfr4bgt5nhy6mju7",
  "qazwsxedcrfvtgbyhnujmikolp",
  "!@#$%^&*()_+",
].flatMap((run) => [run, [...run].reverse().join("")]);

/** "p@ssw0rd!!" → "password" etc.: the forms a common password takes with a few substitutions. */
function variants(compact: string): string[] {
  const unleet = compact.replace(/[013457@$!]/g, (c) => LEET[c] ?? c);
  // Digits and symbols around a word ("monkey2024!") do not make it less guessable.
  const strip = (value: string) => value.replace(/^[\p{N}\p{P}\p{S}]+|[\p{N}\p{P}\p{S}]+$/gu, "");
  return [...new Set([compact, unleet, strip(compact), strip(unleet)])].filter(Boolean);
}

function compactForm(value: string): string {
  return value.normalize("NFKC").toLowerCase().replace(/\s+/g, "");
}

function personalParts(owner: PasswordOwner): string[] {
  const parts = [owner.email, owner.email?.split("@")[0], owner.username, owner.name, ...(owner.name?.split(/[\s._-]+/) ?? [])];
  return parts.map((part) => compactForm(part ?? "")).filter((part) => part.length >= 4);
}

/**
 * True when the password is on the bundled list of very common passwords (also with leetspeak or
 * digits around it), is one character repeated, a short chunk repeated, a run of the alphabet or the
 * keyboard, or contains the account's e-mail, username or name.
 */
export function isCommonPassword(password: string, owner: PasswordOwner = {}): boolean {
  const compact = compactForm(password);
  const forms = variants(compact);
  if (forms.some((form) => COMMON_PASSWORDS.has(form))) return true;
  if (/^(.{1,4})\1+$/u.test(compact)) return true;
  if (forms.some((form) => form.length >= 6 && SEQUENCES.some((run) => run.includes(form)))) return true;
  return personalParts(owner).some((part) => compact.includes(part));
}
