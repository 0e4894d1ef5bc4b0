import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";

const colour = { awaiting_response: "yellow", responded: "green", declined: "grey" } as const;

/** My hospital's answer state for a case: awaiting response, responded or declined. */
export async function RoutingBadge({ status }: { status: keyof typeof colour }) {
  const t = await getTranslations("partner");
  return (
    <Badge variant={colour[status]} data-testid="routing-status">
      {t(`routing.${status}`)}
    </Badge>
  );
}
