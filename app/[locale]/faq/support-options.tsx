import type { ReactNode } from "react";
import { Mail, MessageCircle, Phone, Siren, type LucideIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { whatsappLinkProps } from "@/components/layout/support-widget";
import { Button } from "@/components/ui/button";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";
import { mailtoUrl, siteConfig, telephoneUrl } from "@/lib/site-config";

function SupportOption({ icon: Icon, title, body, children }: { icon: LucideIcon; title: string; body: string; children: ReactNode }) {
  return (
    <li className="flex flex-col rounded-lg border bg-card p-5">
      <Icon aria-hidden className="size-6 text-primary" />
      <h3 className="mt-3 font-semibold">{title}</h3>
      <p className="mt-1 flex-1 text-sm text-muted-foreground">{body}</p>
      <div className="mt-4">{children}</div>
    </li>
  );
}

/** Chat, phone and e-mail support, and the 'urgent case' button to /contact. */
export async function SupportOptions() {
  const t = await getTranslations("faq.support");
  const tSupport = await getTranslations("support");
  const chat = whatsappLinkProps(tSupport("topics.generalInquiry.message"));
  const phoneHref = telephoneUrl();
  return (
    <section aria-labelledby="faq-support" className="mt-16">
      <h2 id="faq-support" className="text-2xl font-semibold tracking-tight">
        {t("title")}
      </h2>
      <p className="mt-2 text-muted-foreground">{t("body")}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {chat && (
          <SupportOption icon={MessageCircle} title={t("chatTitle")} body={t("chatBody")}>
            <Button asChild variant="outline" className="w-full">
              <a {...chat}>
                {t("chatAction")}
                <span className="sr-only"> {tSupport("opensWhatsApp")}</span>
              </a>
            </Button>
          </SupportOption>
        )}
        {phoneHref && (
          <SupportOption icon={Phone} title={t("phoneTitle")} body={t("phoneBody")}>
            <Button asChild variant="outline" className="w-full">
              <a href={phoneHref} dir="ltr">
                {siteConfig.supportPhone}
              </a>
            </Button>
          </SupportOption>
        )}
        <SupportOption icon={Mail} title={t("emailTitle")} body={t("emailBody")}>
          <Button asChild variant="outline" className="w-full">
            <a href={mailtoUrl()} dir="ltr" className="truncate">
              {siteConfig.supportEmail}
            </a>
          </Button>
        </SupportOption>
        <SupportOption icon={Siren} title={t("urgentTitle")} body={t("urgentBody")}>
          <Button asChild variant="destructive" className="w-full">
            <Link href="/contact">{t("urgentButton")}</Link>
          </Button>
        </SupportOption>
      </ul>
    </section>
  );
}
