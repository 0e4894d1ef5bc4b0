import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { RoutingState } from "@/lib/contracts/cases";

const colour: Record<RoutingState, "yellow" | "green" | "grey"> = { awaiting_response: "yellow", responded: "green", declined: "grey", withdrawn: "grey" };

/** My hospital's answer state for a case: awaiting response, responded, declined, or no longer needed (the case ended first). */
export function RoutingBadge({ status }: { status: RoutingState }) {
  const t = useTranslations("partner");
  return (
    <Badge variant={colour[status]} data-testid="routing-status">
      {t(`routing.${status}`)}
    </Badge>
  );
}
