import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { PageMessages } from "@/components/patient/page-messages";
import { SignUpForm } from "@/components/auth/auth-forms";

// Rendered for each request, with a nonce in its Content-Security-Policy: only the pages without
// personal data are pre-rendered (lib/security/static-pages.ts, docs/decisions/022-static-pages-with-script-hashes.md).
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "meta" });
  return { title: t("signUpTitle"), robots: { index: false } };
}

export default async function SignUpPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("auth");
  return (
    <AuthCard title={t("signUpTitle")} subtitle={t("signUpSubtitle")}>
      <PageMessages namespaces={["accountProtection.form", "nameRules"]}>
        <SignUpForm />
      </PageMessages>
    </AuthCard>
  );
}
