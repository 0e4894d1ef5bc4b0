import { notFound } from "next/navigation";

// Rendered for each request, with a nonce in its Content-Security-Policy. A production build's proxy answers
// an address that matches no page with the pre-rendered 404 instead (docs/decisions/036-pre-rendered-404.md);
// this one answers where the proxy has no build to go by (`next dev`).
export const dynamic = "force-dynamic";

// Any path that matches no page renders the localized 'Page Not Found' with HTTP 404.
export default function CatchAll() {
  notFound();
}
