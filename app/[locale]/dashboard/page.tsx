import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LockedAdmin } from "@/components/admin/locked-admin";
import { PageMessages } from "@/components/patient/page-messages";
import { TranscriptionCenter } from "@/components/transcriptions/transcription-center";
import type { Locale } from "@/lib/i18n/locales";
import { speechEngineConfigured } from "@/lib/transcriptions/engines/configured";
import { requirePage } from "@/lib/access/page";
import { TRANSCRIPTION_PAGE_SIZE } from "@/lib/contracts/transcriptions";
import { listTranscriptions } from "@/lib/transcriptions/queries";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "transcriptions" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** The staff transcription center: their transcriptions with live status, and the Secure File Upload Center. */
export default async function DashboardPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { user, locked } = await requirePage("staff", locale, "/dashboard");
  if (locked) return <LockedAdmin />;
  const [initial, t] = await Promise.all([listTranscriptions(user, { limit: TRANSCRIPTION_PAGE_SIZE }), getTranslations("transcriptions")]);
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </header>
      <PageMessages namespaces={["transcriptions", "nameRules", "uploads"]}>
        <TranscriptionCenter initial={initial} speechConfigured={speechEngineConfigured()} showUploader={user.role === "admin"} />
      </PageMessages>
    </div>
  );
}
