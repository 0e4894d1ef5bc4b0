/** The pages that bench/lighthouse.mjs and bench/js-budget.mjs measure, and where the server is. */
export const benchPages = ["/", "/services", "/hospitals", "/faq", "/specialties/cardiology", "/contact", "/upload"];

/** A running production server: first argument, else BENCH_URL, else http://localhost:3100. */
export function benchBaseUrl() {
  return (process.argv[2] ?? process.env.BENCH_URL ?? "http://localhost:3100").replace(/\/$/, "");
}
