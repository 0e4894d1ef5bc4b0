import type { ReactNode } from "react";
import { Award, Mail, MapPin, MessageCircle, Phone, ShieldCheck } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";
import { mailtoUrl, siteConfig, telephoneUrl } from "@/lib/site-config";
import { whatsappLinkProps } from "./support-widget";
import { promiseValues } from "@/lib/contracts/promise";

const quickLinks = [
  { href: "/services", key: "services" },
  { href: "/hospitals", key: "hospitals" },
  { href: "/about", key: "about" },
  { href: "/faq", key: "faq" },
  { href: "/contact", key: "contact" },
  { href: "/upload", key: "upload" },
  { href: "/track", key: "track" },
  { href: "/packages", key: "packages" },
] as const;

const legalLinks = [
  { href: "/privacy", key: "privacy" },
  { href: "/terms", key: "terms" },
] as const;

const linkClass = "inline-flex min-h-10 items-center gap-2 hover:text-foreground hover:underline";

function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-sm font-semibold tracking-wide text-foreground uppercase">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Site-wide footer: 24/7 emergency contact, quick links, social and legal links, accreditation notes. */
export async function SiteFooter() {
  const t = await getTranslations("footer");
  const tSupport = await getTranslations("support");
  const tCommon = await getTranslations("common");
  // Only configured contacts are shown (lib/site-config.ts): never a placeholder number or account.
  const phoneHref = telephoneUrl();
  const chat = whatsappLinkProps(tSupport("topics.generalInquiry.message"));
  return (
    <footer className="border-t bg-muted text-sm text-muted-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link href="/" className="text-xl font-bold text-primary">
            {tCommon("appName")}
          </Link>
          <p className="mt-3">{t("tagline", promiseValues)}</p>
          <h2 className="mt-6 text-sm font-semibold tracking-wide text-foreground uppercase">{t("accreditationTitle")}</h2>
          <ul className="mt-3 flex flex-col gap-3">
            <li className="flex gap-2">
              <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              {t("jciNote")}
            </li>
            <li className="flex gap-2">
              <Award aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              {t("isoNote")}
            </li>
          </ul>
        </div>

        <FooterSection title={t("quickLinksTitle")}>
          <nav aria-label={t("quickLinksTitle")}>
            <ul className="grid grid-cols-2 gap-x-4 sm:grid-cols-1">
              {quickLinks.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className={linkClass}>
                    {t(`links.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </FooterSection>

        <FooterSection title={t("emergencyTitle")}>
          <ul className="flex flex-col">
            {phoneHref && (
              <li>
                <a href={phoneHref} className={linkClass}>
                  <Phone aria-hidden className="size-4 text-primary" />
                  <span className="sr-only">{t("phoneLabel")}: </span>
                  <bdi dir="ltr" className="font-semibold text-foreground">
                    {siteConfig.supportPhone}
                  </bdi>
                </a>
              </li>
            )}
            <li>
              <a href={mailtoUrl()} className={linkClass}>
                <Mail aria-hidden className="size-4 text-primary" />
                <span className="sr-only">{t("emailLabel")}: </span>
                <bdi dir="ltr" className="break-all">
                  {siteConfig.supportEmail}
                </bdi>
              </a>
            </li>
            {chat && (
              <li>
                <a {...chat} className={linkClass}>
                  <MessageCircle aria-hidden className="size-4 text-primary" />
                  {t("whatsappLabel")}
                  <span className="sr-only"> {tSupport("opensWhatsApp")}</span>
                </a>
              </li>
            )}
          </ul>
          {siteConfig.supportAddress && (
            <address className="mt-3 flex gap-2 not-italic" data-testid="footer-address">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              <span className="sr-only">{t("addressLabel")}: </span>
              {siteConfig.supportAddress}
            </address>
          )}
        </FooterSection>

        <div className="flex flex-col gap-8">
          {siteConfig.socialLinks.length > 0 && (
            <FooterSection title={t("socialTitle")}>
              <ul className="flex flex-wrap gap-x-4">
                {siteConfig.socialLinks.map((link) => (
                  <li key={link.network}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                      {t(`social.${link.network}`)}
                      <span className="sr-only"> {t("newTab")}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </FooterSection>
          )}
          <FooterSection title={t("legalTitle")}>
            <nav aria-label={t("legalTitle")}>
              <ul className="flex flex-col">
                {legalLinks.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href} className={linkClass}>
                      {t(link.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </FooterSection>
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 pe-20 text-xs sm:flex-row sm:justify-between">
          <p>{t("disclaimer")}</p>
          <p className="shrink-0">{t("copyright", { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
