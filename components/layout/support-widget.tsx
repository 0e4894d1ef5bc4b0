import type { ReactNode } from "react";
import { Mail, MessageCircle, Phone, X } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { mailtoUrl, siteConfig, telephoneUrl, whatsappUrl } from "@/lib/site-config";

/** The four prefilled WhatsApp messages; their labels and texts are under support.topics.<topic>. */
export const supportTopics = ["generalInquiry", "medicalEmergency", "submissionStatus", "travelAssistance"] as const;
export type SupportTopic = (typeof supportTopics)[number];

/** Phone numbers and e-mail addresses read left to right, also inside Arabic text. */
export const ltr = (chunks: ReactNode) => <bdi dir="ltr">{chunks}</bdi>;

/** Props for a link that opens WhatsApp outside the site; null when no WhatsApp number is configured. */
export function whatsappLinkProps(message: string) {
  const href = whatsappUrl(message);
  return href ? ({ href, target: "_blank", rel: "noopener noreferrer" } as const) : null;
}

/**
 * Floating chat button and support widget on every page but the staff areas (OutsideStaffAreas). A
 * <details> disclosure with plain links: it works without any JavaScript, which keeps every page light
 * on costly mobile data. Without a configured WhatsApp number there is no chat to open, so there is no
 * button.
 */
export async function SupportWidget() {
  if (!siteConfig.whatsappDigits) return null;
  const t = await getTranslations("support");
  const phoneHref = telephoneUrl();
  return (
    <aside aria-label={t("title")} className="fixed end-4 bottom-4 z-30 print:hidden">
      <details className="group relative">
        <summary
          className="flex size-14 cursor-pointer list-none items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg outline-none hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 [&::-webkit-details-marker]:hidden"
          data-testid="support-widget-button"
        >
          <span className="sr-only">{t("open")}</span>
          <MessageCircle aria-hidden className="size-6 group-open:hidden" />
          <X aria-hidden className="hidden size-6 group-open:block" />
        </summary>
        <div className="absolute end-0 bottom-16 w-[min(20rem,calc(100vw-2rem))] rounded-lg border bg-background p-4 text-sm shadow-xl">
          <h2 className="text-base font-semibold">{t("title")}</h2>
          <p className="mt-1 text-muted-foreground">{t("availability")}</p>
          <p className="mt-3">{t("intro")}</p>
          <ul className="mt-2 flex flex-col gap-2">
            {supportTopics.map((topic) => (
              <li key={topic}>
                <a
                  href={whatsappUrl(t(`topics.${topic}.message`)) ?? undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex min-h-11 items-center gap-2 rounded-md border px-3 py-2 font-medium hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <MessageCircle aria-hidden className="size-4 shrink-0 text-primary" />
                  {t(`topics.${topic}.label`)}
                  <span className="sr-only">{t("opensWhatsApp")}</span>
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-col gap-1 border-t pt-3">
            {phoneHref && siteConfig.supportPhone && (
              <a href={phoneHref} className="inline-flex min-h-10 items-center gap-2 hover:underline">
                <Phone aria-hidden className="size-4 text-primary" />
                {t.rich("callUs", { phone: siteConfig.supportPhone, ltr })}
              </a>
            )}
            <a href={mailtoUrl()} className="inline-flex min-h-10 items-center gap-2 break-all hover:underline">
              <Mail aria-hidden className="size-4 text-primary" />
              {t.rich("emailUs", { email: siteConfig.supportEmail, ltr })}
            </a>
          </div>
          <p className="mt-2 text-xs text-muted-foreground">{t("emergencyNote")}</p>
        </div>
      </details>
    </aside>
  );
}
