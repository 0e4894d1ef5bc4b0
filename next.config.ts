import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { locales } from "./lib/i18n/locales";
import { securityHeaders, STATIC_WORKER_POLICY, STORED_FILE_PATHS } from "./lib/security/response-headers";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

// Paths that serve stored files set their own, stricter policy (lib/security/response-headers.ts).
const storedFilePaths = STORED_FILE_PATHS.map((path) => path.slice(1)).join("|");

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder at run time, and so does
  // pdfkit (its standard fonts' metrics); fontkit is the font engine both pdfkit and the guide use.
  // The transcription engines do the same (tesseract's worker and WASM core, Speech's proto files).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "pdfkit",
    "fontkit",
    "tesseract.js",
    "tesseract.js-core",
    "@google-cloud/speech",
    "google-gax",
    "@grpc/grpc-js",
    "@grpc/proto-loader",
    "unpdf",
    "pg-boss",
    // HEIC previews: libheif compiled to WASM (an 8 MB module), loaded as it is rather than bundled.
    "heic-decode",
    "libheif-js",
    // Voice notes Speech cannot take as they are (AAC in M4A, long Opus): decoders compiled to WASM
    // that import their codec modules at run time.
    "@audio/decode-mp4",
    "@audio/decode-aac",
    "@audio/decode-opus",
    "@audio/decode-webm",
    // Scanned PDF pages are drawn with a native Skia canvas (its binary ships in the npm package).
    "@napi-rs/canvas",
  ],
  poweredByHeader: false,
  // Lets several builds or dev servers of this tree run side by side (e.g. NEXT_DIST_DIR=.next-e2e).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  typedRoutes: false,
  // Next writes an `integrity` hash on each of its <script src> tags: a pre-rendered page's policy allows
  // exactly those hashes and its inline scripts' (scripts/static-page-hashes.mjs, proxy.ts).
  experimental: { sri: { algorithm: "sha256" } },
  async headers() {
    return [
      { source: `/:path((?!${storedFilePaths}).*)`, headers: securityHeaders("DENY") },
      { source: "/api/storage/signed/:path*", headers: securityHeaders("DENY", "route's own") },
      // Stored files are shown inside the app's own preview dialogs (PDF and text frames).
      { source: "/api/files/:path*", headers: securityHeaders("SAMEORIGIN", "route's own") },
      { source: "/api/transcriptions/:path*", headers: securityHeaders("SAMEORIGIN", "route's own") },
      // Replaces the first entry's policy (the last match wins): the viewer's decoding worker.
      { source: "/viewer-engine/:path*", headers: [{ key: "Content-Security-Policy", value: STATIC_WORKER_POLICY }] },
    ];
  },
  async redirects() {
    const prefixed = `/:locale(${locales.join("|")})`;
    // Old links point to /login; the sign-in page is /simple-login.html (query strings are kept).
    return [
      { source: "/login", destination: "/simple-login.html", permanent: false },
      { source: "/:locale(ha|sw|fr|ar|tr|es|hi|ru|zh)/login", destination: "/:locale/simple-login.html", permanent: false },
      // One patient dashboard: /journey (issue 18). The old address answers 308 there, in every language, with its query string.
      { source: "/patient-dashboard", destination: "/journey", permanent: true },
      { source: `${prefixed}/patient-dashboard`, destination: "/:locale/journey", permanent: true },
    ];
  },
};

export default withNextIntl(nextConfig);
