import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LockedAdmin } from "@/components/admin/locked-admin";
import { PageMessages } from "@/components/patient/page-messages";
import { TranscriptView } from "@/components/transcriptions/transcript-view";
import { actorFor } from "@/lib/api/actor";
import { AppError } from "@/lib/app-error";
import type { Locale } from "@/lib/i18n/locales";
import { requirePage } from "@/lib/access/page";
import { readTranscription } from "@/lib/transcriptions/queries";

type Props = { params: Promise<{ locale: Locale; id: string }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "transcriptions" });
  return { title: t("detail.metaTitle"), robots: { index: false } };
}

/** One transcript (components/transcriptions/transcript-view.tsx), for staff who may read it; the read is audited. */
export default async function TranscriptPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const { user, locked } = await requirePage("staff", locale, `/dashboard/transcriptions/${encodeURIComponent(id)}`);
  if (locked) return <LockedAdmin />;
  // Audited like the API's reads; the page's request is rebuilt from its headers for the client address.
  const actor = actorFor(new Request("http://transcript.page", { headers: await headers() }), user);
  const item = await readTranscription(user, id, actor, "page").catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  return (
    <PageMessages namespaces={["transcriptions", "imagingViewer"]}>
      <TranscriptView initial={item} />
    </PageMessages>
  );
}
