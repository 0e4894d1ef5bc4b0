import { apiRoute } from "@/lib/api/handler";
import { listPartnerCases } from "@/lib/partners/cases";
import { partnerListQuery } from "@/lib/contracts/partners";

export const dynamic = "force-dynamic";

/**
 * Partners: { cases, nextCursor }: the cases routed to their own hospital, newest routing first, each
 * with that hospital's routing and plan; `?cursor=<nextCursor>` gives the next page, `?limit=` its size.
 */
export const GET = apiRoute({ access: ["partner"], query: partnerListQuery }, async ({ user, query }) =>
  Response.json(await listPartnerCases(user, query), { headers: { "Cache-Control": "no-store" } }),
);
