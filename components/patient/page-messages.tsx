import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { clientMessages } from "@/lib/i18n/client-messages";
import { AppToaster } from "@/components/layout/app-toaster";
import { QueryProvider } from "@/client/query-provider";

/**
 * Gives one page's client components the message namespaces they need (and only those), and the
 * toast region, and the query cache of client/. Pages without it (the marketing pages) send no translation runtime to the browser.
 */
export async function PageMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={clientMessages(messages, ["errors", ...namespaces])}>
      <QueryProvider>{children}</QueryProvider>
      <AppToaster />
    </NextIntlClientProvider>
  );
}
