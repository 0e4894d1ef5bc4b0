import type { ReactNode } from "react";
import { getLocale, getMessages, getTimeZone, getTranslations } from "next-intl/server";
import { Mail, MessageCircle } from "lucide-react";
import { siteConfig, mailtoUrl, whatsappUrl } from "@/lib/site-config";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { clientMessages } from "@/lib/i18n/client-messages";
import { ContactIsland } from "./contact-island";

/** The contact page with the records upload: served at /contact and /upload. */
export async function ContactPage() {
  const t = await getTranslations("contact");
  const chatHref = whatsappUrl(t("otherWays.whatsappMessage"));
  // The parts that run in the browser load apart from the page's first scripts, each with what it needs.
  // (Not through PageMessages: importing a module that imports client components puts them among the
  // page's scripts, rendered or not.)
  const intl = {
    locale: await getLocale(),
    timeZone: await getTimeZone(),
    messages: clientMessages(await getMessages(), ["errors", "contact", "uploads", "specialties", "nameRules"]),
  };
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
        <ContactIsland part="welcome" {...intl} />
      </header>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-3">
        <FormCard title={t("recordsTitle")} description={t("recordsDescription")} className="lg:col-span-2">
          <ContactIsland part="records" {...intl} />
        </FormCard>
        <FormCard title={t("inquiryTitle")} description={t("inquiryDescription")}>
          <ContactIsland part="inquiry" {...intl} />
        </FormCard>
      </div>
      <section aria-labelledby="other-ways" className="rounded-lg border bg-muted/40 p-6">
        <h2 id="other-ways" className="mb-4 text-xl font-semibold">
          {t("otherWays.title")}
        </h2>
        <ul className="flex flex-wrap gap-3">
          {chatHref && (
            <li>
              <a
                href={chatHref}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-10 items-center gap-2 rounded-md border bg-background px-4 py-2 font-medium hover:bg-muted"
              >
                <MessageCircle aria-hidden className="h-4 w-4" /> {t("otherWays.whatsapp")}
              </a>
            </li>
          )}
          {siteConfig.socialLinks.slice(0, 2).map((link) => (
            <li key={link.network}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-10 items-center rounded-md border bg-background px-4 py-2 font-medium hover:bg-muted"
              >
                {t(`otherWays.${link.network}`)}
              </a>
            </li>
          ))}
          <li>
            <a href={mailtoUrl()} className="inline-flex min-h-10 items-center gap-2 rounded-md border bg-background px-4 py-2 font-medium hover:bg-muted">
              <Mail aria-hidden className="h-4 w-4" /> {siteConfig.supportEmail}
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}

/** One of the page's two forms in its card, under its heading. */
function FormCard({ title, description, className, children }: { title: string; description: string; className?: string; children: ReactNode }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
