import localFont from "next/font/local";

// Self-hosted (no font host is reachable at build or run time); Latin subset only, since other
// scripts (Arabic, Devanagari, Chinese) render in the phone's own system fonts.
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  display: "swap",
  weight: "100 900",
});
