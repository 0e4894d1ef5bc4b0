/**
 * The names Better Auth gives its session cookie (lib/auth/server.ts keeps its default prefix):
 * `__Secure-` in front when APP_URL is https (useSecureCookies). For the proxy, which only needs to know
 * whether a request carries one and does not load Better Auth.
 */
export const SESSION_COOKIE_NAMES = ["__Secure-better-auth.session_token", "better-auth.session_token"] as const;
