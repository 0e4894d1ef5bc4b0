import { splitLocalePath } from "@/lib/i18n/locales";

/**
 * The pages' Content-Security-Policy. Scripts run only if the page shipped them: a page rendered per
 * request allows its nonce (Next puts it on its scripts while rendering), a pre-rendered page the hashes
 * of its own scripts (scripts/static-page-hashes.mjs); `'strict-dynamic'` trusts what those scripts load.
 * See docs/decisions/010-content-security-policy.md and 022-static-pages-with-script-hashes.md.
 */
export type PageScripts = { nonce: string } | { hashes: readonly string[] };

export function pagePolicy(scripts: PageScripts, pathname: string): string {
  const viewer = isImagingViewer(pathname);
  const allowed = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((hash) => `'${hash}'`);
  const directives = [
    "default-src 'self'",
    // React's development build needs eval for its debugging information; production never does. The
    // imaging viewer compiles its image decoders (WebAssembly, served from /viewer-engine/) and only that.
    // 'self' only matters to browsers without CSP 3 ('strict-dynamic' makes the others ignore it).
    `script-src 'self' ${allowed.join(" ")} 'strict-dynamic'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : viewer ? " 'wasm-unsafe-eval'" : ""}`,
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
 * The pages that decode DICOM images with Cornerstone (in any language): the viewer, the transcript
 * page, and the admin pages whose file preview shows DICOM images (the dashboard and a case).
 */
const VIEWER_PAGE = /^\/(?:imaging\/[^/]+|dashboard\/transcriptions\/[^/]+|admin-dashboard|admin-dashboard\/cases\/[^/]+)\/?$/;

export function isImagingViewer(pathname: string): boolean {
  return VIEWER_PAGE.test(splitLocalePath(pathname).path);
}
