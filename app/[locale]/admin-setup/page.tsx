import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { connection } from "next/server";
import { AdminSetupForm } from "@/components/admin/admin-setup-form";
import { PageMessages } from "@/components/patient/page-messages";
import { adminSetupEnabled } from "@/lib/admin/setup";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "adminSetup" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** Admin setup: promote an account with the server's setup key. Whether it is enabled is read from the server's configuration at request time. */
export default async function AdminSetupPage({ params }: Props) {
  setRequestLocale((await params).locale);
  await connection();
  return (
    <PageMessages namespaces={["adminSetup"]}>
      <AdminSetupForm enabled={adminSetupEnabled()} />
    </PageMessages>
  );
}
