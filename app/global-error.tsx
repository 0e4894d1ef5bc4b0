"use client";

import { usePathname } from "next/navigation";
import { UnavailablePage } from "@/components/errors/unavailable-page";
import { splitLocalePath, textDirection } from "@/lib/i18n/locales";
import "./globals.css";

/** A failure in the locale layout itself: this replaces the whole document, so it brings its own. */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  const { locale } = splitLocalePath(usePathname() ?? "/");
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <body className="min-h-dvh">
        <UnavailablePage retry={retry} />
      </body>
    </html>
  );
}
