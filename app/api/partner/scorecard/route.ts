import { apiRoute } from "@/lib/api/handler";
import { partnerScorecard } from "@/lib/partners/scorecard";

export const dynamic = "force-dynamic";

/**
 * Partners: their own hospital's scorecard (last 90 days against the network's, other hospitals not
 * named) and its cases awaiting an answer, the least time left first. There is no hospital parameter:
 * a partner sees only the hospital they act for.
 */
export const GET = apiRoute({ access: ["partner"] }, async ({ user }) =>
  Response.json(await partnerScorecard(user), { headers: { "Cache-Control": "no-store" } }),
);
