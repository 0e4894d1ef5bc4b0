"use client";

import { useEffect, useState } from "react";
import { usePathname } from "next/navigation";
import { RotateCw } from "lucide-react";
import { PAGE_RETRY_AFTER_SECONDS } from "@/lib/contracts/outage";
import { localePath, splitLocalePath } from "@/lib/i18n/locales";

export type UnavailableTexts = { title: string; description: string; autoRetry: string; retry: string; home: string };

/** Failed automatic retries in this browser tab: each waits twice as long as the one before (at most 32 times the first wait). */
let automaticRetries = 0;

/**
 * What a visitor sees when a page cannot be shown, most often because the database is unreachable: the
 * outage page the proxy answers with 503 (app/[locale]/unavailable, texts given by the server), or an
 * error boundary (a render that failed after all, or a failed navigation in the browser).
 *
 * Error boundaries are client components outside any page's translation provider, loaded with every
 * page: there the texts (messages namespace "unavailable") are fetched only once a page has failed,
 * so that working pages carry no translation runtime for them.
 *
 * It tries again by itself after PAGE_RETRY_AFTER_SECONDS: the outage page loads the address again
 * (the proxy decides once more), a boundary re-renders its segment, waiting longer after each failure.
 */
export function UnavailablePage({ retry, texts: given }: { retry?: () => void; texts?: UnavailableTexts }) {
  const { locale } = splitLocalePath(usePathname() ?? "/");
  const [fetched, setFetched] = useState<UnavailableTexts | null>(null);
  const texts = given ?? fetched;
  const again = retry ?? (() => window.location.reload());

  useEffect(() => {
    if (given) return;
    let current = true;
    void import("@/lib/i18n/messages")
      .then(({ translatorFor }) => translatorFor(locale, "unavailable"))
      .then((t) => current && setFetched({ title: t("title"), description: t("description"), autoRetry: t("autoRetry"), retry: t("retry"), home: t("home") }))
      // Without its texts (the network failed as well), the page still offers the retry button.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [given, locale]);

  useEffect(() => {
    const wait = PAGE_RETRY_AFTER_SECONDS * 1000 * (retry ? 2 ** Math.min(automaticRetries, 5) : 1);
    const timer = setTimeout(() => {
      if (retry) automaticRetries++;
      again();
    }, wait);
    return () => clearTimeout(timer);
    // Once per showing of the page; `again` changes with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" aria-busy={texts === null} data-testid="unavailable-page">
      {texts && (
        <>
          <h1 className="text-3xl font-bold">{texts.title}</h1>
          <p className="mt-4 text-muted-foreground">{texts.description}</p>
          <p className="mt-2 text-sm text-muted-foreground">{texts.autoRetry}</p>
        </>
      )}
      <div className="mt-8 flex flex-wrap items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => again()}
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
