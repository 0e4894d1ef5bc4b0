import { getLocale, getTranslations } from "next-intl/server";
import { localePath, type Locale } from "@/lib/i18n/locales";
import { IntentLink } from "@/components/i18n/intent-link";
import { AuthStatus, NotificationBellSlot } from "./auth-status";
import { LanguageSelector } from "./language-selector";
import { MobileMenu } from "./mobile-menu";

const navLinks = [
  { href: "/", key: "home" },
  { href: "/services", key: "services" },
  { href: "/hospitals", key: "hospitals" },
  { href: "/about", key: "about" },
  { href: "/faq", key: "faq" },
  { href: "/contact", key: "contact" },
] as const;

export async function SiteHeader() {
  const t = await getTranslations("nav");
  const tc = await getTranslations("common");
  const tb = await getTranslations("notificationBell");
  const locale = (await getLocale()) as Locale;
  const links = navLinks.map((link) => ({ href: localePath(link.href, locale), label: t(link.key) }));
  const authLabels = {
    login: t("login"),
    signUp: t("signUp"),
    logout: t("logout"),
    myJourney: t("myJourney"),
    partnerPortal: t("partnerPortal"),
    adminDashboard: t("adminDashboard"),
    transcriptions: t("transcriptions"),
    welcome: t("welcome", { name: "{name}" }),
    logoutFailed: t("logoutFailed"),
  };
  const bellLabels = {
    title: tb("title"),
    button: tb("button", { count: "{count}" }),
    markAllRead: tb("markAllRead"),
    empty: tb("empty"),
    justNow: tb("justNow"),
    unread: tb("unread"),
    loadFailed: tb("loadFailed"),
  };
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2">
        {tc("skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        <IntentLink href={localePath("/", locale)} className="shrink-0 text-xl font-bold text-primary">
          {tc("appName")}
        </IntentLink>
        {/* The full navigation from 1280 px: below, staff headers (three more buttons) would wrap in the longer languages. */}
        <nav aria-label={t("mainNavigation")} className="hidden flex-1 xl:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <IntentLink
                  href={link.href}
                  className="rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-foreground/80 hover:bg-muted hover:text-foreground"
                >
                  {link.label}
                </IntentLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <NotificationBellSlot labels={bellLabels} locale={locale} />
          <LanguageSelector locale={locale} label={tc("language")} />
          <div className="hidden xl:flex">
            <AuthStatus labels={authLabels} />
          </div>
          <MobileMenu links={links} labels={{ open: t("openMenu"), close: t("closeMenu"), navigation: t("mainNavigation") }}>
            <AuthStatus labels={authLabels} stacked />
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}
