import "server-only";
/**
 * The one cleaning of a file name, at upload (the stored name) and again when a name is served
 * (rows stored before it): only the last path segment, without control or format characters. Format
 * characters include the bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069), the
 * direction marks (U+200E, U+200F, U+061C) and zero-width characters, which let "report\u202Efdp.exe"
 * display as "reportexe.pdf".
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export const MAX_FILE_NAME_LENGTH = 255;

/** The name without invisible characters and outer spaces; "" when nothing visible is left. */
export function withoutInvisibleCharacters(name: string): string {
  return name.toWellFormed().replace(INVISIBLE, "").trim();
}

/** The stored name of an uploaded file: last path segment, cleaned, at most 255 characters, "file" when empty. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  return [...withoutInvisibleCharacters(base)].slice(0, MAX_FILE_NAME_LENGTH).join("").trim() || "file";
}
