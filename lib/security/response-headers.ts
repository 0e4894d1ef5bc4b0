/**
 * The security headers of every response, in one place: next.config.ts sends them with everything
 * (its list is fixed at build time; HSTS is added at run time by proxy.ts and the API wrapper), and
 * the answer proxy.ts gives an address Next could not route (see `badAddress` there) sends them itself.
 * The Content-Security-Policy here allows nothing to load or run: it is for what proxy.ts does not see
 * (API answers, Next's static files). For pages proxy.ts replaces it with the pages' policy, which
 * carries a fresh nonce for every response.
 */
export function securityHeaders(framing: "DENY" | "SAMEORIGIN", policy: "header-only" | "route's own" = "header-only"): { key: string; value: string }[] {
  const headers = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: framing },
    {
      key: "Content-Security-Policy",
      value: `default-src 'none'; frame-ancestors ${framing === "DENY" ? "'none'" : "'self'"}; base-uri 'none'; form-action 'none'`,
    },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ];
  return policy === "header-only" ? headers : headers.filter((header) => header.key !== "Content-Security-Policy");
}

/**
 * The Content-Security-Policy of every response that may carry a stored file's bytes (downloads,
 * previews, signed links) and of the other answers on those paths. Nothing loads or runs, and
 * `sandbox` gives the document a unique origin, so an uploaded HTML or SVG file opened inline cannot
 * act as the site. The app's own preview dialogs may frame it.
 *
 * Routes set it themselves: next.config.ts gives these paths every other header but leaves the policy
 * to them, since its headers would replace the route's.
 */
export const STORED_FILE_POLICY = "sandbox; default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * Chrome's PDF viewer refuses to start in a sandboxed document, whatever the sandbox allows, and it
 * runs a PDF's scripts in its own process with no access to the site: an inline PDF alone goes
 * without `sandbox`. The type is the one the server found in the bytes at upload, never the client's.
 */
export function storedFilePolicy(contentType: string, disposition: "attachment" | "inline"): string {
  return disposition === "inline" && contentType.toLowerCase() === "application/pdf" ? STORED_FILE_POLICY.replace("sandbox; ", "") : STORED_FILE_POLICY;
}

/**
 * The policy of the viewer engine's files (/viewer-engine/, scripts/build-viewer.mjs). A policy on a
 * script matters only when the script runs as a Web Worker (no document is served from there): the
 * imaging viewer's decoders run in a module worker that loads its chunks and WebAssembly codecs from
 * there and compiles them. Only a page whose own policy has `worker-src 'self'` (the viewer pages,
 * proxy.ts) may start it.
 */
export const STATIC_WORKER_POLICY =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Paths whose responses set their own policy; next.config.ts gives them every other header. */
export const STORED_FILE_PATHS = ["/api/files/", "/api/transcriptions/", "/api/storage/signed/", "/api/imaging/", "/api/cases/"] as const;
