"use client";

import { useEffect, useState } from "react";
import { usePathname } from "next/navigation";
import { RotateCw } from "lucide-react";
import { localePath, splitLocalePath } from "@/lib/i18n/locales";

type Texts = { title: string; description: string; retry: string; home: string };

/**
 * What a visitor sees when a page cannot be rendered, most often because the database is unreachable
 * (the API answers 503 then). In production Next tells the browser nothing about the cause (only a
 * digest), so every failure gets this page: trying again is the visitor's remedy either way.
 *
 * Error boundaries are client components outside any page's translation provider, and they are loaded
 * with every page: the texts (messages namespace "unavailable") are fetched here, only once a page has
 * failed, so that working pages carry no translation runtime for them.
 */
export function UnavailablePage({ retry }: { retry: () => void }) {
  const { locale } = splitLocalePath(usePathname() ?? "/");
  const [texts, setTexts] = useState<Texts | null>(null);

  useEffect(() => {
    let current = true;
    void import("@/lib/i18n/messages")
      .then(({ translatorFor }) => translatorFor(locale, "unavailable"))
      .then((t) => current && setTexts({ title: t("title"), description: t("description"), retry: t("retry"), home: t("home") }))
      // Without its texts (the network failed as well), the page still offers the retry button.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [locale]);

  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" aria-busy={texts === null} data-testid="unavailable-page">
      {texts && (
        <>
          <h1 className="text-3xl font-bold">{texts.title}</h1>
          <p className="mt-4 text-muted-foreground">{texts.description}</p>
        </>
      )}
      <div className="mt-8 flex flex-wrap items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => retry()}
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-primary px-5 py-3 font-medium text-primary-foreground hover:bg-primary/90"
        >
          <RotateCw aria-hidden className="size-4" />
          {texts?.retry}
        </button>
        {texts && (
          <a href={localePath("/", locale)} className="font-medium text-primary underline-offset-4 hover:underline">
            {texts.home}
          </a>
        )}
      </div>
    </section>
  );
}
