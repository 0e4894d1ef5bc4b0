"use client";

import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { QueryClientProvider } from "@tanstack/react-query";
import { sharedQueryClient } from "@/client/query-provider";
import { AppToaster } from "@/components/layout/app-toaster";
import { ContactWelcome } from "./contact-welcome";
import { InquiryForm } from "./inquiry-form";
import { RecordsForm } from "./records-form";

export type ContactPartName = "welcome" | "records" | "inquiry";

export type ContactPartProps = { part: ContactPartName; locale: string; timeZone: string; messages: AbstractIntlMessages };

/**
 * One of the contact page's parts that run in the browser, with the translation runtime and the query
 * cache it uses (one cache for the three). Loaded apart from the page's first scripts: ContactIsland.
 */
export default function ContactPart({ part, locale, timeZone, messages }: ContactPartProps) {
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={messages}>
      <QueryClientProvider client={sharedQueryClient()}>
        {part === "welcome" && <ContactWelcome />}
        {part === "records" && <RecordsForm />}
        {part === "inquiry" && <InquiryForm />}
      </QueryClientProvider>
      {part === "records" && <AppToaster />}
    </NextIntlClientProvider>
  );
}
