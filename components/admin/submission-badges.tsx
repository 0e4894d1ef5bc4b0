"use client";

import { useTranslations } from "next-intl";
import type { AdminSubmission } from "@/lib/contracts/cases";
import { statusColour, statusText, urgencyColour } from "@/lib/contracts/submissions";
import { Badge } from "@/components/ui/badge";
import { promiseValues } from "@/lib/contracts/promise";

const urgencyKey = { urgent: "urgencyUrgent", standard: "urgencyStandard", flexible: "urgencyFlexible" } as const;

/** Source, urgency and status badges of one submission (admin view: status upper-case, underscores as spaces), and its routing. */
export function SubmissionBadges({
  submission,
  withStatus = true,
}: {
  submission: Pick<AdminSubmission, "source" | "urgency" | "status" | "routing">;
  withStatus?: boolean;
}) {
  const t = useTranslations("admin");
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant={submission.source === "authenticated" ? "purple" : "outline"}>
        {submission.source === "authenticated" ? t("sourceRegistered") : t("sourceGuest")}
      </Badge>
      <Badge variant={urgencyColour(submission.urgency)}>{t(urgencyKey[submission.urgency])}</Badge>
      {withStatus && (
        <Badge variant={statusColour(submission.status)} data-testid="admin-status">
          {statusText(submission.status).toUpperCase()}
        </Badge>
      )}
      <RoutingBadges routing={submission.routing} />
    </span>
  );
}

/** How many hospitals have the case, and 'Overdue' in red when one of them is past its 72 hours. */
export function RoutingBadges({ routing }: { routing: AdminSubmission["routing"] }) {
  const t = useTranslations("admin");
  return (
    <>
      {routing.hospitals > 0 && (
        <Badge variant="outline" data-testid="admin-routed">
          {t("routedHospitals", { count: routing.hospitals })}
        </Badge>
      )}
      {routing.overdue > 0 && (
        <Badge variant="red" data-testid="admin-overdue" title={t("overdueTitle", { count: routing.overdue, ...promiseValues })}>
          {t("overdue")}
        </Badge>
      )}
    </>
  );
}

/** The translated specialty name, or the stored value when it is not one of ours. */
export function useSpecialtyName() {
  const ts = useTranslations("specialties");
  return (slug: string) => (ts.has(slug) ? ts(slug) : slug);
}
