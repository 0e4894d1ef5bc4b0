import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CaseFileList } from "@/components/files/case-file-list";
import { CaseImaging } from "@/components/imaging/case-imaging";
import { imagingPaths } from "@/lib/contracts/imaging";
import { LocalizedLink } from "@/components/i18n/localized-link";
import { AnswerClock } from "@/components/partner/answer-clock";
import { answerClock } from "@/lib/contracts/cases";
import { AnswerForms, AppointmentForm, ExtensionForm } from "@/components/partner/answer-forms";
import { CaseStatusBadge } from "@/components/partner/case-status-badge";
import { PlanSummary } from "@/components/partner/plan-summary";
import { RoutingBadge } from "@/components/partner/routing-badge";
import { PageMessages } from "@/components/patient/page-messages";
import { Badge } from "@/components/ui/badge";
import { AppError } from "@/lib/app-error";
import { isCaseEnded } from "@/lib/contracts/cases";
import type { Locale } from "@/lib/i18n/locales";
import { getPartnerCase } from "@/lib/partners/cases";
import { requirePage } from "@/lib/access/page";
import { urgencyColour } from "@/lib/contracts/submissions";

type Props = { params: Promise<{ locale: Locale; id: string }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "partner" });
  return { title: t("caseMetaTitle"), robots: { index: false } };
}

/** One case routed to the partner's hospital: what it needs to assess it, its files, and its answer. */
export default async function PartnerCasePage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const { user, actor } = await requirePage("partner", locale, `/partner/cases/${id}`);
  const item = await getPartnerCase(user, id, actor).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === "not_found") notFound();
    throw error;
  });
  const [t, specialties, tAccess] = await Promise.all([getTranslations("partner"), getTranslations("specialties"), getTranslations("caseAccess")]);
  const { routing } = item;
  const plan = routing.plan;
  const caseOpen = !isCaseEnded(item.status);

  const specialty: [string, string] = [t("fields.specialty"), specialties.has(item.specialty) ? specialties(item.specialty) : item.specialty];
  const details: [string, string][] = item.shared
    ? [
        [t("fields.patientName"), item.patientName],
        [t("fields.condition"), item.medicalCondition || "—"],
        specialty,
        [t("fields.homeCountry"), item.homeCountry],
        [t("fields.budget"), item.budget || "—"],
        [t("fields.preferredCountries"), item.preferredCountries.join(", ") || "—"],
        [t("fields.patientMessage"), item.message || "—"],
      ]
    : [specialty];

  return (
    <PageMessages namespaces={["partner", "caseFiles", "imaging"]}>
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
        <LocalizedLink href="/partner" className="text-sm text-primary underline">
          {t("backToList")}
        </LocalizedLink>
        <header className="space-y-2">
          <h1 className="text-3xl font-bold">{t("caseTitle", { trackingNumber: item.trackingNumber })}</h1>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={urgencyColour(item.urgency)}>{t(`urgency.${item.urgency}`)}</Badge>
            <CaseStatusBadge status={item.status} />
            <RoutingBadge routing={routing} />
            <AnswerClock routing={routing} now={new Date()} />
          </div>
          <p className="text-sm text-muted-foreground">{t("routedAt", { date: new Date(routing.routedAt) })}</p>
        </header>

        <section className="space-y-3 rounded-lg border p-5">
          <h2 className="text-xl font-semibold">{t("caseDetails")}</h2>
          <dl className="grid gap-3 sm:grid-cols-[12rem_1fr]">
            {details.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
                <dd className="text-sm whitespace-pre-wrap">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        {item.shared && <CaseImaging caseId={item.id} />}
        {item.shared ? (
          <section className="space-y-3 rounded-lg border p-5">
            <h2 className="text-xl font-semibold">{t("files", { count: item.files.length })}</h2>
            <CaseFileList
              files={item.files}
              preview="tab"
              showType
              empty={t("noFiles")}
              itemTestId="case-file"
              downloadAllHref={imagingPaths.caseFilesZip(item.id)}
            />
          </section>
        ) : (
          <section className="space-y-2 rounded-lg border p-5" data-testid="not-shared">
            <h2 className="text-xl font-semibold">{tAccess("notSharedTitle")}</h2>
            <p className="text-sm text-muted-foreground">{tAccess("notSharedText")}</p>
          </section>
        )}

        {routing.coordinatorNote && (
          <section className="space-y-2 rounded-lg border p-5" data-testid="coordinator-note">
            <h2 className="text-xl font-semibold">{t("coordinatorNoteTitle")}</h2>
            <p className="text-sm whitespace-pre-wrap">{routing.coordinatorNote}</p>
          </section>
        )}
        {plan && <PlanSummary plan={plan} />}
        {routing.status === "declined" && (
          <section className="space-y-2 rounded-lg border p-5" data-testid="decline-summary">
            <h2 className="text-xl font-semibold">{t("declinedTitle")}</h2>
            <p className="text-sm whitespace-pre-wrap">{routing.declineReason}</p>
          </section>
        )}
        {routing.status === "awaiting_response" && caseOpen && (routing.extension || !answerClock(routing.dueAt, new Date()).overdue) && (
          <ExtensionForm caseId={item.id} used={routing.extension} />
        )}
        {routing.status === "awaiting_response" && caseOpen && <AnswerForms caseId={item.id} />}
        {routing.status === "withdrawn" && (
          <p className="rounded-md border p-4 text-sm text-muted-foreground" data-testid="case-ended">
            {t("caseClosed")}
          </p>
        )}
        {plan?.status === "accepted" && item.status === "plan_accepted" && (
          <AppointmentForm caseId={item.id} current={{ at: plan.appointmentAt, note: plan.appointmentNote }} />
        )}
      </div>
    </PageMessages>
  );
}
