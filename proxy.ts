import { NextResponse, type NextRequest } from "next/server";
import createMiddleware from "next-intl/middleware";
import { SESSION_COOKIE_NAMES } from "@/lib/auth/session-cookie";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint.mjs";
import { OUTAGE_REQUEST_HEADER, PAGE_RETRY_AFTER_SECONDS } from "@/lib/contracts/outage";
import { databaseReachable } from "@/lib/db/health";
import { localePath, splitLocalePath } from "@/lib/i18n/locales";
import { routing } from "@/lib/i18n/routing";
import { strictTransportSecurity } from "@/lib/api/transport-security";
import { pagePolicy } from "@/lib/security/page-policy";
import { securityHeaders } from "@/lib/security/response-headers";
import { NOT_FOUND_PAGE_PATH } from "@/lib/security/static-pages";
import { matchesNoPage, prerenderedScriptSources } from "@/lib/security/static-page-hashes";
import { TRACK_COOKIE, TRACK_PAGE_PATH, TRACKED_CASE_PAGE_PATH } from "@/lib/tracking/track-page";

/** lib/api/client-ip.ts's header for Better Auth: pages never set it, and a client's value never reaches them. */
const CLIENT_IP_HEADER = "x-afyabridge-client-ip";

const handleI18nRouting = createMiddleware(routing);

/**
 * Chooses the language and redirects, sets the pages' Content-Security-Policy, keeps the signed-in hint,
 * and answers 503 for a page rendered per request while the database is unreachable. Never a security
 * boundary: every page, route handler and data query checks the session and role itself.
 */
export default async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (!decodable(pathname)) return badAddress();
  if (pathname.startsWith("/api/")) return NextResponse.next();
  request.headers.delete(CLIENT_IP_HEADER);
  request.headers.delete(OUTAGE_REQUEST_HEADER);
  const { locale, path } = splitLocalePath(pathname);
  // A guest who has verified may be shown their case: /track rendered for their request (lib/tracking/track-page.ts).
  const trackedCase = path === TRACK_PAGE_PATH && request.cookies.has(TRACK_COOKIE);
  // An address that matches no page gets the 404 pre-rendered in its language, not one rendered for it.
  const unknown = !trackedCase && (path === NOT_FOUND_PAGE_PATH || matchesNoPage(pathname));
  const hashes = trackedCase ? undefined : prerenderedScriptSources(unknown ? localePath(NOT_FOUND_PAGE_PATH, locale) : pathname);
  const policy = pagePolicy(hashes ? { hashes } : { nonce: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64") }, pathname);
  // next-intl forwards a copy of the request's headers to the page, so the nonce reaches the renderer.
  if (!hashes) request.headers.set("Content-Security-Policy", policy);
  // The per-request page's own address is not one to visit: /track is.
  const routed =
    path === TRACKED_CASE_PAGE_PATH ? NextResponse.redirect(new URL(localePath(TRACK_PAGE_PATH, locale), request.url)) : handleI18nRouting(request);
  const rewrittenTo = routed.headers.has("Location") ? undefined : trackedCase ? TRACKED_CASE_PAGE_PATH : unknown ? NOT_FOUND_PAGE_PATH : undefined;
  const response = rewrittenTo ? samePathAnswering(request, routed, `/${locale}${rewrittenTo}`, unknown ? 404 : undefined) : routed;
  // Pre-rendered pages read no database; redirects are answered as they are.
  if (!hashes && !response.headers.has("Location") && !(await databaseReachable())) return outagePage(request, policy);
  // Replaces the header-only policy that next.config.ts gives every response.
  response.headers.set("Content-Security-Policy", policy);
  keepSignedInHint(request, response);
  if (hashes) cacheablePage(request, response, path);
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

/**
 * The translated "we'll be back shortly" page (app/[locale]/unavailable) with HTTP 503 and Retry-After,
 * in place of the page asked for; the address stays, so the page's own reload asks for it again.
 */
function outagePage(request: NextRequest, policy: string): NextResponse {
  const { locale } = splitLocalePath(request.nextUrl.pathname);
  request.headers.set(OUTAGE_REQUEST_HEADER, "1");
  const response = NextResponse.rewrite(new URL(`/${locale}/unavailable`, request.url), {
    status: 503,
    request: { headers: request.headers },
    headers: { "Retry-After": String(PAGE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
  response.headers.set("Content-Security-Policy", policy);
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

/**
 * The address asked for, answered by another page (`/fr/track/case` for /fr/track with the tracking cookie,
 * `/fr/page-not-found` for an unknown one); the language routing's cookie kept.
 */
function samePathAnswering(request: NextRequest, routed: NextResponse, page: string, status?: number): NextResponse {
  const response = NextResponse.rewrite(new URL(page, request.url), { status, request: { headers: request.headers } });
  for (const cookie of routed.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
}

/**
 * Sets or removes the signed-in hint (lib/auth/signed-in-hint.mjs) when it does not match the request's
 * session cookie; sets nothing when it does, so a page's answer stays the same for every visitor. Whether
 * the session is still valid is not checked here: a hint left after it expired only makes a marketing page
 * start its scripts, which then find the visitor signed out.
 */
function keepSignedInHint(request: NextRequest, response: NextResponse) {
  const signedIn = SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name));
  if (signedIn === (request.cookies.get(SIGNED_IN_HINT_COOKIE)?.value === "1")) return;
  if (!signedIn) return void response.cookies.delete(SIGNED_IN_HINT_COOKIE);
  const secure = request.nextUrl.protocol === "https:";
  response.cookies.set(SIGNED_IN_HINT_COOKIE, "1", { path: "/", sameSite: "lax", secure, maxAge: 60 * 60 * 24 * 30 });
}

/**
 * A pre-rendered page, and its policy, are the same for every visitor: a CDN may keep a page a few
 * minutes (and serve it stale for an hour while it fetches it again), and the browser asks again each
 * time with the ETag Next sends and gets a 304 while the build is the same. Two kinds of answer are kept
 * by the browser only: one that sets the language cookie, an English page without prefix, which
 * next-intl answers with a redirect to another language when the visitor's cookie or browser asks for
 * one (Next replaces any Vary header of a page, so a CDN cannot be told that it varies with them), and
 * /track, another page for a visitor with the tracking cookie (above). No `no-cache` here: Next passes
 * the proxy's response headers on in the request, and would then answer a revalidation with the whole
 * page instead of a 304. `path` is the page's path without its locale prefix.
 */
function cacheablePage(request: NextRequest, response: NextResponse, path: string) {
  if (response.headers.has("Location")) return;
  const unprefixed = path === request.nextUrl.pathname;
  const shared = !unprefixed && path !== TRACK_PAGE_PATH && response.headers.getSetCookie().length === 0;
  response.headers.set("Cache-Control", shared ? "public, max-age=0, s-maxage=300, stale-while-revalidate=3600" : "private, max-age=0, must-revalidate");
}

/**
 * An address that cannot be percent-decoded (`/%E0%A4%A`) would fail inside Next's routing, which then
 * answers a bare 500 without any of the security headers: it is refused here with a 400 that has them.
 */
function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function badAddress(): NextResponse {
  const response = new NextResponse("Bad request: the address is not valid.\n", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
  for (const { key, value } of securityHeaders("DENY")) response.headers.set(key, value);
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

export const config = {
  // Not /api (uploads must stream, and a proxied body is cut at 10 MB) except addresses with a percent
  // sign (to refuse undecodable ones; no upload address has one), not Next's own files, not the files
  // that exist outside the pages (public/viewer-engine, the icon, robots.txt, the sitemap). Every other
  // address, one with a file extension too (`/missing.png`), gets a language here, so that its 404 is
  // the translated page under the pages' policy.
  matcher: ["/((?!api|_next|_vercel|viewer-engine/|icon\\.svg$|robots\\.txt$|sitemap\\.xml$).*)", "/api/:rest(.*%.*)"],
};
