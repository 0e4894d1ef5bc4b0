import { NextResponse, type NextRequest } from "next/server";
import createMiddleware from "next-intl/middleware";
import { routing } from "@/lib/i18n/routing";
import { strictTransportSecurity } from "@/lib/api/transport-security";
import { securityHeaders } from "@/lib/security/response-headers";

/** lib/api/client-ip.ts's header for Better Auth: pages never set it, and a client's value never reaches them. */
const CLIENT_IP_HEADER = "x-afyabridge-client-ip";

const handleI18nRouting = createMiddleware(routing);

/**
 * The pages' Content-Security-Policy, with a fresh nonce for every request. Next reads the nonce from
 * the request's policy while it renders and puts it on its own scripts (that is why every page is
 * rendered per request: see app/[locale]/layout.tsx and docs/decisions/010-content-security-policy.md).
 */
function contentSecurityPolicy(nonce: string, pathname: string): string {
  const viewer = isImagingViewer(pathname);
  const directives = [
    "default-src 'self'",
    // React's development build needs eval for its debugging information; production never does. The
    // imaging viewer compiles its image decoders (WebAssembly, served from /viewer-engine/) and only that.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : viewer ? " 'wasm-unsafe-eval'" : ""}`,
    // Styles only, never scripts: Radix sets positions and sizes (select menus, accordions, toasts' swipe)
    // and the progress bars their widths through style attributes, and the dialogs' scroll lock inserts a
    // <style> element; none of these can carry the nonce. Inline styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // Stored PDFs and text files are shown in frames inside the app's own preview dialogs.
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // The viewer decodes images in a module worker from /viewer-engine/ (without this, 'strict-dynamic'
    // in script-src, its fallback, would refuse it); no other page starts a worker of its own.
    ...(viewer ? ["worker-src 'self'"] : []),
  ];
  if ((process.env.APP_URL ?? "").startsWith("https://")) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/**
 * The pages that decode DICOM images with Cornerstone (any language prefix): the viewer, the transcript
 * page, and the admin pages whose file preview shows DICOM images (the dashboard and a case).
 */
const VIEWER_PAGE = /^(?:\/[a-z]{2})?\/(?:imaging\/[^/]+|dashboard\/transcriptions\/[^/]+|admin-dashboard|admin-dashboard\/cases\/[^/]+)\/?$/;

export function isImagingViewer(pathname: string): boolean {
  return VIEWER_PAGE.test(pathname);
}

/**
 * Chooses the language and redirects, and sets the pages' Content-Security-Policy. Never a security
 * boundary: every page, route handler and data query checks the session and role itself.
 */
export default function proxy(request: NextRequest) {
  if (!decodable(request.nextUrl.pathname)) return badAddress();
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.next();
  const policy = contentSecurityPolicy(Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64"), request.nextUrl.pathname);
  // next-intl forwards a copy of the request's headers to the page, so the policy reaches the renderer.
  request.headers.set("Content-Security-Policy", policy);
  request.headers.delete(CLIENT_IP_HEADER);
  const response = handleI18nRouting(request);
  // Replaces the header-only policy that next.config.ts gives every response.
  response.headers.set("Content-Security-Policy", policy);
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
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
  // sign (to refuse undecodable ones; no upload address has one), not Next's own files, not static
  // files with an extension, except the two .html pages (/simple-login.html, /simple-signup.html).
  matcher: ["/((?!api|_next|_vercel|.*\\.(?!html$)[^/]+$).*)", "/api/:rest(.*%.*)"],
};
