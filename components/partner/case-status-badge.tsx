import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { statusColour } from "@/lib/contracts/submissions";

/** The case's own status (submitted … plan accepted, closed, cancelled), so the hospital sees when it has ended. */
export function CaseStatusBadge({ status }: { status: string }) {
  const t = useTranslations("partner");
  const statuses = useTranslations("statuses");
  return (
    <Badge variant={statusColour(status)} data-testid="case-status">
      {t("caseStatus", { status: statuses.has(status) ? statuses(status) : status.replace(/_/g, " ") })}
    </Badge>
  );
}
