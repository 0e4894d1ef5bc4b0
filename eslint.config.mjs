import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The layers (docs/ARCHITECTURE.md). lib/contracts is browser-safe and shared; the rest of lib/ is
 * the server's domain; client/ is the browser's data access; components/ the UI. An import across
 * these lines is a lint error, so a build cannot ship server code to the browser by accident.
 */
const serverLib = {
  regex: "^@/lib/(?!contracts/|i18n/(navigation|routing|locales|client-messages|messages)$|utils$|site-config$)",
  message: "Browser code imports only lib/contracts (and the browser-safe lib/i18n, lib/utils): server modules stay on the server.",
};
const uiOrApp = { group: ["@/components/*", "@/app/*", "@/client/*"], message: "lib/ is below the UI: it never imports components, client or app." };

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["lib/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [uiOrApp] }] },
  },
  {
    files: ["lib/contracts/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "server-only", message: "Contracts are shared with the browser." }],
          patterns: [
            uiOrApp,
            { regex: "^@/lib/(?!contracts/|i18n/locales$)", message: "Contracts import only other contracts: they are shared with the browser." },
          ],
        },
      ],
    },
  },
  {
    files: ["client/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@/lib/i18n/navigation",
              importNames: ["Link"],
              message: "Use Link from @/components/i18n/link: it prefetches on intent, not every link in view.",
            },
          ],
          patterns: [serverLib, { group: ["@/app/*"], message: "Components never import pages." }],
        },
      ],
    },
  },
  {
    files: ["components/i18n/link.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverLib] }] },
  },
  {
    // Server components that build a marketing page's metadata and JSON-LD: they run only on the server.
    files: ["components/marketing/page-setup.ts", "components/marketing/web-page-json-ld.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^@/lib/(?!contracts/|i18n/|utils$|site-config$|seo/)", message: "Only lib/seo and browser-safe modules here." }] },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "node_modules/**",
    ".data/**",
    "lib/db/generated/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
    "public/viewer-engine/**",
  ]),
]);
