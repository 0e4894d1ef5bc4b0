import "server-only";
import { withoutInvisibleCharacters } from "@/lib/uploads/file-name";

const FALLBACK_NAME = "download";

/**
 * A Content-Disposition header value (RFC 6266) that carries any file name safely: an ASCII-only
 * `filename` for old clients, and the exact name as UTF-8 in `filename*` (RFC 5987) for the rest.
 * Control and format characters (CR/LF, bidi overrides) are removed, as at upload: a name can never
 * split or inject a header, nor show an extension it does not have (names stored before that rule).
 */
export function contentDisposition(name: string, type: "attachment" | "inline"): string {
  const cleaned = withoutInvisibleCharacters(name) || FALLBACK_NAME;
  return `${type}; filename="${asciiFallback(cleaned)}"; filename*=UTF-8''${encodeRfc5987(cleaned)}`;
}

/** "Röntgen" becomes "Rontgen"; anything else outside printable ASCII becomes "_"; `"` and `\` are quoted-pairs. */
function asciiFallback(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\u0020-\u007e]/g, "_")
    .replace(/["\\]/g, "\\$&");
}

/** Percent-encodes everything but RFC 5987's attr-char, which encodeURIComponent alone does not (it keeps '()*). */
function encodeRfc5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}
