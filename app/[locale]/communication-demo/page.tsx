import type { Metadata } from "next";
import { Bell, Info, Languages, Mail, MessageCircle } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader, pageWidth } from "@/components/info-pages/page-header";
import { seoPageMetadata } from "@/lib/seo/page-metadata";
import { siteConfig } from "@/lib/site-config";
import { cn } from "@/lib/utils";
import { DemoFeature } from "./demo-feature";
import { EmailDemo, LanguagesDemo, MessagingDemo, NotificationDemo } from "./demos";

// Rendered for each request, with a nonce in its Content-Security-Policy: only the pages without
// personal data are pre-rendered (lib/security/static-pages.ts, docs/decisions/022-static-pages-with-script-hashes.md).
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string }> };

const features = [
  { id: "messaging", icon: MessageCircle, Demo: MessagingDemo },
  { id: "notifications", icon: Bell, Demo: NotificationDemo },
  { id: "languages", icon: Languages, Demo: LanguagesDemo },
  { id: "email", icon: Mail, Demo: EmailDemo },
] as const;

/** Sample data: reachable by its address (PRODUCT.md keeps it), but not linked from the site nor indexed. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { ...(await seoPageMetadata(params, "communicationDemo", "/communication-demo")), robots: { index: false, follow: false } };
}

/** The communication demo: four feature cards with live demos, clearly marked as sample data. */
export default async function CommunicationDemoPage({ params }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations("demo");
  const labels = { show: t("showDemo"), hide: t("hideDemo"), sample: t("sampleBadge") };
  return (
    <>
      <PageHeader title={t("title")} intro={t("intro")}>
        <p role="note" className="mt-6 flex gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900" data-testid="demo-notice">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t("notice")}
        </p>
      </PageHeader>
      <div className={cn(pageWidth.wide, "pb-16")}>
        <ul className="grid items-start gap-6 md:grid-cols-2">
          {features
            // The messaging demo opens WhatsApp: without a configured number there is nothing to show.
            .filter(({ id }) => id !== "messaging" || siteConfig.whatsappDigits)
            .map(({ id, icon, Demo }) => (
              <DemoFeature key={id} id={id} icon={icon} title={t(`${id}.title`)} description={t(`${id}.description`)} labels={labels}>
                <Demo />
              </DemoFeature>
            ))}
        </ul>
      </div>
    </>
  );
}
