import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AccountPrivacy } from "@/components/account/account-privacy";
import { EmailLanguage } from "@/components/account/email-language";
import { LocalizedLink } from "@/components/i18n/localized-link";
import { PageMessages } from "@/components/patient/page-messages";
import { requirePage } from "@/lib/access/page";
import { isStaff } from "@/lib/auth/roles";
import { emailLanguageOf } from "@/lib/users/email-language";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "account" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** Privacy rights for any signed-in person: download everything we hold, or delete the account. */
export default async function AccountPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { user } = await requirePage("signed-in", locale, "/account");
  const t = await getTranslations("account");
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
        <p className="text-sm text-muted-foreground">{t("signedInAs", { email: user.email })}</p>
        <p className="text-sm">
          <LocalizedLink href="/account/security" className="font-medium text-primary underline">
            {t("securityLink")}
          </LocalizedLink>
        </p>
      </header>
      <PageMessages namespaces={["account"]}>
        {isStaff(user.role) && <EmailLanguage current={await emailLanguageOf(user.id)} />}
        <AccountPrivacy email={user.email} />
      </PageMessages>
    </div>
  );
}
