import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { routingOutcome, routingOutcomeColour } from "@/lib/contracts/cases";
import type { PartnerRoutingView } from "@/lib/contracts/partners";

/**
 * My hospital's answer state for a case: awaiting response, responded, declined, or no longer needed
 * (the case ended first); once the patient chose, whether our plan was the one.
 */
export function RoutingBadge({ routing }: { routing: Pick<PartnerRoutingView, "status" | "plan"> }) {
  const t = useTranslations("partner");
  const outcome = routingOutcome(routing);
  return (
    <Badge variant={routingOutcomeColour[outcome]} data-testid="routing-status">
      {t(`routing.${outcome}`)}
    </Badge>
  );
}
