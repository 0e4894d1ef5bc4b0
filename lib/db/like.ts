import "server-only";
/**
 * Text a person searches for, made literal inside Prisma's `contains` and `startsWith`: these become
 * LIKE patterns on PostgreSQL without escaping, so `%` would match everything and `_` any character.
 * Backslash is PostgreSQL's default LIKE escape character.
 */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
