import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm, ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { PageMessages } from "@/components/patient/page-messages";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "auth" });
  return { title: t("forgotTitle"), robots: { index: false }, referrer: "no-referrer" };
}

/** Without a token: ask for the reset e-mail. With the e-mailed token: choose the new password. */
export default async function ResetPasswordPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { token } = await searchParams;
  const resetToken = typeof token === "string" && /^[A-Za-z0-9_-]{1,200}$/.test(token) ? token : null;
  const t = await getTranslations("auth");
  return (
    <AuthCard title={resetToken ? t("resetTitle") : t("forgotTitle")} subtitle={resetToken ? t("resetSubtitle") : t("forgotSubtitle")}>
      <PageMessages namespaces={[]}>{resetToken ? <ResetPasswordForm token={resetToken} /> : <ForgotPasswordForm />}</PageMessages>
    </AuthCard>
  );
}
