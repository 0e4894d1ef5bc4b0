import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AccountSecurity } from "@/components/auth/account-security";
import { TwoFactorSettings } from "@/components/auth/two-factor-settings";
import { PageMessages } from "@/components/patient/page-messages";
import { requirePage } from "@/lib/access/page";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "accountSecurity" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** Signed-in people only (checked here on the server): two-factor authentication, the password, active sessions. */
export default async function AccountSecurityPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { user } = await requirePage("signed-in", locale, "/account/security");
  const t = await getTranslations("accountSecurity");
  const isStaff = user.role !== "patient" || user.staffRoleAwaitingTwoFactor !== null;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-1 mb-6 text-muted-foreground">{t("subtitle")}</p>
      <PageMessages namespaces={["accountSecurity", "twoFactor", "accountProtection.form"]}>
        <div className="space-y-6">
          <TwoFactorSettings enabled={user.twoFactorEnabled} isStaff={isStaff} setupRequired={user.staffRoleAwaitingTwoFactor !== null} />
          <AccountSecurity owner={{ email: user.email, username: user.username, name: user.name }} isStaff={isStaff} />
        </div>
      </PageMessages>
    </section>
  );
}
