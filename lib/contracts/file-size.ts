const KIB = 1024;
const MIB = 1024 * 1024;

/**
 * A file's size for people, in the reader's language: under 1 MB in whole KB ("820 kB"), from 1 MB on
 * in MB with one decimal ("12.5 MB"). Sizes count in powers of 1024, as the upload limits do. Units and
 * digits come from Intl.NumberFormat, so it runs the same in the browser and on the server.
 */
export function formatFileSize(bytes: number, locale: string): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  // A non-empty file never reads "0 kB"; 1023.6 KB would round to "1,024 kB", which is 1 MB.
  const kilobytes = size === 0 ? 0 : Math.max(1, Math.round(size / KIB));
  if (kilobytes < KIB) return format(locale, "kilobyte", 0, kilobytes);
  return format(locale, "megabyte", 1, Math.max(1, size / MIB));
}

function format(locale: string, unit: "kilobyte" | "megabyte", digits: number, value: number): string {
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    value,
  );
}
