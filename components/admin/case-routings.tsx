"use client";

import { useEffect, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Clock } from "lucide-react";
import { routingOutcome, routingOutcomeColour, type AdminRouting } from "@/lib/contracts/cases";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CasePlanDialog } from "./case-plan-dialog";

/**
 * The current time, moving on every 30 seconds so the clocks count down while the page is open, and
 * taken afresh whenever `data` changes (a new routing must not be measured against an older time).
 */
function useNow(data: unknown, intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reading the clock is a side effect; done again when the routings change
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [data, intervalMs]);
  return now;
}

/** "2d 5h", "3h 20min": a duration in the reader's language, to the minute. */
export function useDuration() {
  const format = useFormatter();
  const part = (value: number, unit: "day" | "hour" | "minute") => format.number(value, { style: "unit", unit, unitDisplay: "narrow" });
  return (ms: number) => {
    const minutes = Math.max(1, Math.floor(ms / 60_000));
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    if (days > 0) return `${part(days, "day")} ${part(hours, "hour")}`;
    if (hours > 0) return `${part(hours, "hour")} ${part(minutes % 60, "minute")}`;
    return part(minutes, "minute");
  };
}

/** Each hospital the case was sent to: its 72-hour clock, its answer (a plan to open, or the reason it declined). */
export function CaseRoutings({ routings }: { routings: AdminRouting[] }) {
  const t = useTranslations("adminCase");
  const format = useFormatter();
  const duration = useDuration();
  const now = useNow(routings);
  const [plan, setPlan] = useState<AdminRouting | null>(null);
  if (routings.length === 0) return <p className="text-sm text-muted-foreground">{t("noRoutings")}</p>;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  return (
    <>
      <ul className="divide-y rounded-md border">
        {routings.map((routing) => {
          const left = new Date(routing.dueAt).getTime() - now;
          // A hospital that never answered a case that has ended is no longer awaited ("withdrawn"): no clock, never overdue.
          const waiting = routing.awaited;
          return (
            <li key={routing.id} className="space-y-2 p-3 text-sm" data-testid="case-routing">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <h3 className="font-semibold">{routing.hospitalName}</h3>
                  <p className="text-muted-foreground">
                    {routing.hospitalCity}, {routing.country}
                  </p>
                </div>
                <Badge variant={routingOutcomeColour[routingOutcome(routing)]} data-testid="routing-outcome">
                  {t(`routingStatus.${routingOutcome(routing)}`)}
                </Badge>
              </div>
              <p className="text-muted-foreground">
                {t("routedAt", { date: when(routing.routedAt) })}
                {routing.routedBy ? ` · ${routing.routedBy.name}` : ""} · {t("dueAt", { date: when(routing.dueAt) })}
              </p>
              {waiting && (
                <p className={left < 0 ? "flex items-center gap-1 font-semibold text-red-700" : "flex items-center gap-1"} data-testid="routing-clock">
                  <Clock aria-hidden className="h-4 w-4" />
                  {left < 0 ? t("overdueBy", { time: duration(-left) }) : t("timeLeft", { time: duration(left) })}
                </p>
              )}
              {routing.extension && (
                <p className="whitespace-pre-wrap" data-testid="routing-extension">
                  <span className="font-medium">{t("extensionAsked", { hours: routing.extension.hours, date: when(routing.extension.at) })}</span>{" "}
                  {routing.extension.reason}
                </p>
              )}
              {routing.coordinatorNote && (
                <p className="whitespace-pre-wrap" data-testid="routing-note">
                  <span className="font-medium">{t("routeNoteSent")}</span> {routing.coordinatorNote}
                </p>
              )}
              {routing.status === "declined" && (
                <p>
                  <span className="font-medium">{t("declineReason")}</span> {routing.declineReason ?? t("noReason")}
                </p>
              )}
              {routing.respondedAt && <p className="text-muted-foreground">{t("respondedAt", { date: when(routing.respondedAt) })}</p>}
              {routing.plan && (
                <Button variant="outline" size="sm" onClick={() => setPlan(routing)}>
                  {t("viewPlan")}
                  <span className="sr-only">: {routing.hospitalName}</span>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <CasePlanDialog routing={plan} onClose={() => setPlan(null)} />
    </>
  );
}
