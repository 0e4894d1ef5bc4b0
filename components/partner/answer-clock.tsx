import { useTranslations } from "next-intl";
import { Clock } from "lucide-react";
import { answerClock, type RoutingState } from "@/lib/contracts/cases";
import { cn } from "@/lib/utils";

/**
 * Time left to answer (72 hours from routing) or, in red, how long it is overdue — only while my
 * hospital's answer is awaited. Once answered: the answer date; once the case ended without our answer
 * (withdrawn): that no answer is needed, never overdue.
 */
export function AnswerClock({ routing, now }: { routing: { status: RoutingState; dueAt: string; routedAt: string; respondedAt: string | null }; now: Date }) {
  const t = useTranslations("partner");
  if (routing.status === "withdrawn")
    return (
      <span className="text-sm text-muted-foreground" data-testid="answer-clock-stopped">
        {t("noAnswerNeeded")}
      </span>
    );
  if (routing.status !== "awaiting_response") {
    return <span className="text-sm text-muted-foreground">{t("answeredAt", { date: new Date(routing.respondedAt ?? routing.routedAt) })}</span>;
  }
  const clock = answerClock(routing.dueAt, now);
  const duration =
    clock.days > 0 ? t("durationDays", { days: clock.days, hours: clock.hours }) : t("durationHours", { hours: clock.hours, minutes: clock.minutes });
  return (
    <span
      data-testid="answer-clock"
      data-overdue={clock.overdue ? "true" : "false"}
      className={cn("inline-flex items-center gap-1 text-sm font-medium", clock.overdue ? "rounded bg-red-100 px-2 py-0.5 text-red-800" : "text-foreground")}
    >
      <Clock aria-hidden className="h-4 w-4" />
      {clock.overdue ? t("overdueBy", { duration }) : t("timeLeft", { duration })}
    </span>
  );
}
