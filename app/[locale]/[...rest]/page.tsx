import { notFound } from "next/navigation";

// Rendered for each request, with a nonce in its Content-Security-Policy: only the pages without
// personal data are pre-rendered (lib/security/static-pages.ts, docs/decisions/022-static-pages-with-script-hashes.md).
export const dynamic = "force-dynamic";

// Any path that matches no page renders the localized 'Page Not Found' with HTTP 404.
export default function CatchAll() {
  notFound();
}
