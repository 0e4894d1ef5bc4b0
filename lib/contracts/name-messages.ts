/**
 * What the name rule (./people.ts) says of a refused name: one of these problems, as a message key
 * under the "nameRules" namespace. Apart from the rule's schema so that a page shows the message with
 * its first scripts and loads zod only once its form is used (docs/decisions/034-validation-loaded-on-use.md).
 */
export const nameProblems = ["required", "tooLong", "lineBreak", "invisible", "link", "email", "markup", "digits", "character"] as const;
export type NameProblem = (typeof nameProblems)[number];

export const NAME_MESSAGE_PREFIX = "nameRules.";

/** Whether a zod issue message is one of the rule's keys, and the key under "nameRules" if so. */
export function nameMessageKey(message: string): NameProblem | null {
  if (!message.startsWith(NAME_MESSAGE_PREFIX)) return null;
  const key = message.slice(NAME_MESSAGE_PREFIX.length);
  return (nameProblems as readonly string[]).includes(key) ? (key as NameProblem) : null;
}
