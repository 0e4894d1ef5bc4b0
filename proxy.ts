import createMiddleware from "next-intl/middleware";
import { routing } from "@/lib/i18n/routing";

/**
 * Only chooses the language and redirects; never a security boundary: every page, route handler
 * and data query checks the session and role itself.
 */
export default createMiddleware(routing);

export const config = {
  // Not /api (uploads must stream, and a proxied body is cut at 10 MB), not Next's own files, not
  // static files with an extension, except SPEC's .html pages (/simple-login.html, /simple-signup.html).
  matcher: ["/((?!api|_next|_vercel|.*\\.(?!html$)[^/]+$).*)"],
};
