/** @jest-environment node */
import { withEnglishFallback } from "@/lib/i18n/messages";

// Messages as the build compiles them (next.config.ts, next-intl's `precompile`): a text without
// arguments stays a string; one with arguments becomes an array ("Welcome, {name}" is shown here as
// next-intl's compiler writes it).
const english = {
  nav: { home: "Home", welcome: ["Welcome, ", ["name"]] },
  files: { count: [["count", 2, { one: [0, " file"], other: [0, " files"] }]] },
};

test("a language's messages over English keep each compiled message whole, and fall back to English ones", () => {
  const hausa = { nav: { welcome: ["Barka da zuwa, ", ["name"]] } };
  expect(withEnglishFallback(hausa, english)).toEqual({
    nav: { home: "Home", welcome: ["Barka da zuwa, ", ["name"]] },
    files: english.files,
  });
});

test("a compiled message shorter than English's is not filled in from it", () => {
  const french = { nav: { home: "Accueil", welcome: [["name"]] }, files: english.files };
  expect(withEnglishFallback(french, english).nav).toEqual({ home: "Accueil", welcome: [["name"]] });
});
