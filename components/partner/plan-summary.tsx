import { getTranslations } from "next-intl/server";
import type { PlanView } from "@/lib/contracts/plans";
import { Badge } from "@/components/ui/badge";

const planColour = { proposed: "blue", accepted: "green", not_selected: "grey" } as const;

/** The plan my hospital sent, read-only, in the same template the patient compares. */
export async function PlanSummary({ plan }: { plan: PlanView }) {
  const t = await getTranslations("partner");
  const rows: [string, string][] = [
    [t("fields.diagnosisSummary"), plan.diagnosisSummary],
    [t("fields.proposedTreatment"), plan.proposedTreatment],
    [t("fields.included"), plan.included],
    [t("fields.lengthOfStayDays"), t("days", { count: plan.lengthOfStayDays })],
    [t("fields.priceRange"), t("priceRange", { min: plan.priceMin, max: plan.priceMax, currency: plan.currency })],
    [t("fields.validUntil"), t("date", { date: new Date(`${plan.validUntil}T00:00:00Z`) })],
    [t("fields.leadDoctor"), plan.leadDoctor],
  ];
  if (plan.message) rows.push([t("fields.message"), plan.message]);
  if (plan.appointmentAt) rows.push([t("fields.appointmentAt"), t("dateTime", { date: new Date(plan.appointmentAt) })]);
  if (plan.appointmentNote) rows.push([t("fields.appointmentNote"), plan.appointmentNote]);
  return (
    <section className="space-y-3 rounded-lg border p-5" data-testid="submitted-plan">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{t("submittedPlan")}</h2>
        <Badge variant={planColour[plan.status]}>{t(`planStatus.${plan.status}`)}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">{t("sentAt", { date: new Date(plan.createdAt) })}</p>
      <dl className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd className="text-sm whitespace-pre-wrap">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
