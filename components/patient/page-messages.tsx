import type { ReactNode } from "react";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { getMessages } from "next-intl/server";
import { clientMessages } from "@/lib/i18n/client-messages";
import { AppToaster } from "@/components/layout/app-toaster";
import { QueryProvider } from "@/client/query-provider";

/**
 * Gives one page's client components the message namespaces they need (and only those), and the
 * toast region, and the query cache of client/. Pages without it (the marketing pages) send no translation runtime to the browser.
 */
export async function PageMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  return (
    <NextIntlClientProvider messages={await pageClientMessages(namespaces)}>
      <QueryProvider>{children}</QueryProvider>
      <AppToaster />
    </NextIntlClientProvider>
  );
}

/** The messages a page's client components read: the site-wide namespaces, the API's errors and the page's own. */
export async function pageClientMessages(namespaces: readonly string[]): Promise<AbstractIntlMessages> {
  return clientMessages(await getMessages(), ["errors", ...namespaces]);
}
