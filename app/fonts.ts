import localFont from "next/font/local";

// Self-hosted (no font host is reachable at build or run time); Latin subset only, preloaded on every
// page. Arabic, Devanagari and Chinese come only with pages in those languages (app/globals.css).
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  display: "swap",
  weight: "100 900",
});
