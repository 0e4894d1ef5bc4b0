"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { CalendarCheck } from "lucide-react";
import type { PatientPlanView } from "@/lib/contracts/submissions";
import { useApprovePlan } from "@/client/queries/submissions";
import { useErrorText } from "@/client/errors";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import { RESPONSE_TIME_WINDOW_DAYS } from "@/lib/contracts/response-times";

/**
 * Every hospital's plan side by side in one template, so the patient compares like with like (columns
 * on wide screens, stacked on a phone), and approves one. `approveUrl` is the owner's or the verified
 * guest's endpoint; both take { planId }. The case is read again after an approval.
 */
export function PlanComparison({ plans, canDecide, approveUrl }: { plans: PatientPlanView[]; canDecide: boolean; approveUrl: string }) {
  const t = useTranslations("plans");
  const errorText = useErrorText();
  const [chosen, setChosen] = useState<PatientPlanView | null>(null);
  const approval = useApprovePlan(approveUrl);
  const pending = approval.isPending;
  if (plans.length === 0) return null;

  function approve(plan: PatientPlanView) {
    approval.mutate(
      { planId: plan.id },
      {
        onSuccess: () => {
          toast({ title: t("approvedTitle"), description: t("approvedText", { hospital: plan.hospital.name }) });
          setChosen(null);
        },
        onError: (error) => toast({ title: t("approveFailedTitle"), description: errorText(error), variant: "destructive" }),
      },
    );
  }

  return (
    <section className="space-y-3" aria-label={t("title")} data-testid="treatment-plans">
      <div>
        <h4 className="font-medium">{t("title")}</h4>
        <p className="text-sm text-muted-foreground">{t("intro")}</p>
      </div>
      <ul className={cn("grid gap-4", plans.length > 1 && "md:grid-cols-2", plans.length > 2 && "xl:grid-cols-3")}>
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} canDecide={canDecide} onApprove={() => setChosen(plan)} />
          </li>
        ))}
      </ul>
      <Dialog open={chosen !== null} onOpenChange={(open) => !open && !pending && setChosen(null)}>
        {chosen && (
          <DialogContent closeLabel={t("cancel")}>
            <DialogHeader>
              <DialogTitle>{t("confirmTitle", { hospital: chosen.hospital.name })}</DialogTitle>
              <DialogDescription>{t("confirmText")}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setChosen(null)} disabled={pending}>
                {t("cancel")}
              </Button>
              <Button onClick={() => approve(chosen)} disabled={pending}>
                {pending ? t("approving") : t("confirm")}
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}

function PlanCard({ plan, canDecide, onApprove }: { plan: PatientPlanView; canDecide: boolean; onApprove: () => void }) {
  const t = useTranslations("plans");
  const format = useFormatter();
  const money = (value: number) => {
    try {
      return format.number(value, { style: "currency", currency: plan.currency, maximumFractionDigits: 0 });
    } catch {
      return `${format.number(value)} ${plan.currency}`;
    }
  };
  // validUntil is a calendar date: shown as such, whatever the reader's time zone.
  const validUntil = format.dateTime(new Date(`${plan.validUntil}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  const accepted = plan.status === "accepted";
  return (
    <article
      className={cn(
        "flex h-full flex-col gap-3 rounded-lg border p-4",
        accepted && "border-2 border-green-600 bg-green-50",
        plan.status === "not_selected" && "opacity-75",
      )}
      data-testid="plan-card"
      data-status={plan.expired ? "expired" : plan.status}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h5 className="font-semibold">{plan.hospital.name}</h5>
          <p className="text-sm text-muted-foreground">
            {plan.hospital.city}, {plan.hospital.country}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="hospital-response-time">
            {plan.hospitalMedianHours === null ? t("newPartner") : t("medianResponse", { hours: plan.hospitalMedianHours, days: RESPONSE_TIME_WINDOW_DAYS })}
          </p>
        </div>
        {accepted && <Badge variant="green">{t("accepted")}</Badge>}
        {plan.status === "not_selected" && <Badge variant="grey">{t("notSelected")}</Badge>}
        {plan.expired && <Badge variant="red">{t("expired")}</Badge>}
      </header>
      <dl className="grid gap-2 text-sm">
        <Row label={t("diagnosisSummary")} value={plan.diagnosisSummary} />
        <Row label={t("proposedTreatment")} value={plan.proposedTreatment} />
        <Row label={t("included")} value={plan.included} />
        <Row label={t("lengthOfStay")} value={t("days", { count: plan.lengthOfStayDays })} />
        <Row
          label={t("price")}
          value={plan.priceMin === plan.priceMax ? money(plan.priceMin) : t("priceRange", { min: money(plan.priceMin), max: money(plan.priceMax) })}
          strong
        />
        <Row label={t("validUntil")} value={validUntil} />
        <Row label={t("leadDoctor")} value={plan.leadDoctor} />
        <Row label={t("message")} value={plan.message || t("noMessage")} />
      </dl>
      {accepted && plan.appointmentAt && (
        <p className="flex gap-2 rounded-md bg-background p-3 text-sm" data-testid="appointment">
          <CalendarCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
          <span>
            <span className="font-medium">
              {t("appointment", { date: format.dateTime(new Date(plan.appointmentAt), { dateStyle: "full", timeStyle: "short" }) })}
            </span>
            {plan.appointmentNote && <span className="block text-muted-foreground">{plan.appointmentNote}</span>}
          </span>
        </p>
      )}
      {plan.expired && <p className="text-sm text-destructive">{t("expiredNote")}</p>}
      {canDecide && plan.status === "proposed" && (
        <Button className="mt-auto" onClick={onApprove} disabled={plan.expired}>
          {t("approve")}
          <span className="sr-only">: {plan.hospital.name}</span>
        </Button>
      )}
    </article>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="font-medium">{label}</dt>
      <dd className={cn("whitespace-pre-line text-muted-foreground", strong && "font-semibold text-foreground")}>{value}</dd>
    </div>
  );
}
