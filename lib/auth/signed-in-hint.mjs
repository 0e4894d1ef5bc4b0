/**
 * A cookie that says only "this browser holds a session cookie": `1`, readable by the page's scripts (the
 * session cookie itself is HttpOnly). proxy.ts keeps it in step with the session cookie on every page
 * request. A pre-rendered marketing page reads it before its first paint to decide whether to start its
 * scripts at all (scripts/static-page-hashes.mjs): a signed-in header needs them, a visitor's does not.
 * It grants nothing; every page and route still reads the session itself.
 */
export const SIGNED_IN_HINT_COOKIE = "afya_signed_in";
