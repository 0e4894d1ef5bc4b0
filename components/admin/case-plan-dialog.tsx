"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { AdminRouting } from "@/lib/contracts/cases";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** A hospital's treatment plan in full, as the patient sees it to compare. */
export function CasePlanDialog({ routing, onClose }: { routing: AdminRouting | null; onClose: () => void }) {
  const t = useTranslations("adminCase");
  const tc = useTranslations("common");
  const format = useFormatter();
  const plan = routing?.plan;
  if (!routing || !plan) return null;

  const money = (value: number) => {
    try {
      return format.number(value, { style: "currency", currency: plan.currency, maximumFractionDigits: 0 });
    } catch {
      return `${format.number(value)} ${plan.currency}`; // a currency code Intl does not know
    }
  };
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const rows: [string, string][] = [
    [t("plan.diagnosisSummary"), plan.diagnosisSummary],
    [t("plan.proposedTreatment"), plan.proposedTreatment],
    [t("plan.included"), plan.included],
    [t("plan.lengthOfStay"), t("plan.days", { count: plan.lengthOfStayDays })],
    [t("plan.price"), `${money(plan.priceMin)} – ${money(plan.priceMax)}`],
    [t("plan.validUntil"), format.dateTime(new Date(plan.validUntil), { dateStyle: "medium", timeZone: "UTC" })],
    [t("plan.leadDoctor"), plan.leadDoctor],
    ...(plan.message ? ([[t("plan.message"), plan.message]] as [string, string][]) : []),
    [t("plan.submittedAt"), when(plan.createdAt)],
    ...(plan.decidedAt ? ([[t("plan.decidedAt"), when(plan.decidedAt)]] as [string, string][]) : []),
    ...(plan.appointmentAt
      ? ([[t("plan.appointment"), [when(plan.appointmentAt), plan.appointmentNote].filter(Boolean).join(" · ")]] as [string, string][])
      : []),
  ];

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={tc("close")} className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("plan.title", { hospital: routing.hospitalName })}</DialogTitle>
          <DialogDescription>{t("plan.description")}</DialogDescription>
        </DialogHeader>
        <Badge variant={plan.status === "accepted" ? "green" : "grey"} className="w-fit">
          {t(`plan.status.${plan.status}`)}
        </Badge>
        <dl className="space-y-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="font-medium">{label}</dt>
              <dd className="whitespace-pre-wrap break-words text-muted-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
