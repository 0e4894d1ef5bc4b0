import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { STORED_FILE_PATHS } from "./lib/security/stored-file-policy";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

/**
 * Sent with every response. Framing: nowhere, except stored files inside the app's own pages. HSTS is
 * not here (this list is fixed at build time): proxy.ts and the API wrapper add it at run time
 * (lib/api/transport-security.ts).
 * The Content-Security-Policy here allows nothing to load or run: it is for what proxy.ts does not see
 * (API answers, stored files, Next's static files). For pages proxy.ts replaces it with the pages'
 * policy, which carries a fresh nonce for every response. Paths that serve stored files set their own,
 * stricter policy (lib/security/stored-file-policy.ts): a header here would replace theirs.
 */
function securityHeaders(framing: "DENY" | "SAMEORIGIN", policy: "header-only" | "route's own" = "header-only") {
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

const storedFilePaths = STORED_FILE_PATHS.map((path) => path.slice(1)).join("|");

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder at run time, and so does
  // pdfkit (its standard fonts' metrics); fontkit is the font engine both pdfkit and the guide use.
  // The transcription engines do the same (tesseract's worker and WASM core, Speech's proto files).
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pdfkit", "fontkit", "tesseract.js", "tesseract.js-core", "@google-cloud/speech", "google-gax", "@grpc/grpc-js", "@grpc/proto-loader", "unpdf", "pg-boss"],
  poweredByHeader: false,
  // Lets several builds or dev servers of this tree run side by side (e.g. NEXT_DIST_DIR=.next-e2e).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  typedRoutes: false,
  async headers() {
    return [
      { source: `/:path((?!${storedFilePaths}).*)`, headers: securityHeaders("DENY") },
      { source: "/api/storage/signed/:path*", headers: securityHeaders("DENY", "route's own") },
      // Stored files are shown inside the app's own preview dialogs (PDF and text frames).
      { source: "/api/files/:path*", headers: securityHeaders("SAMEORIGIN", "route's own") },
      { source: "/api/transcriptions/:path*", headers: securityHeaders("SAMEORIGIN", "route's own") },
    ];
  },
  async redirects() {
    // SPEC links to /login; the sign-in page is /simple-login.html (query strings are kept).
    return [
      { source: "/login", destination: "/simple-login.html", permanent: false },
      { source: "/:locale(ha|sw|fr|ar|tr|es|hi|ru|zh)/login", destination: "/:locale/simple-login.html", permanent: false },
    ];
  },
};

export default withNextIntl(nextConfig);
