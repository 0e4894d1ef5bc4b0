import { adminRoute } from "@/lib/admin/route";
import { insightsQuery } from "@/lib/contracts/insights";
import { getInsights } from "@/lib/insights/queries";

export const dynamic = "force-dynamic";

/**
 * Unlocked admins: every figure of /admin-dashboard/insights for the filters (?from=YYYY-MM-DD&to=…
 * &specialty=…&hospital=…; the last twelve weeks by default). A period that ends before it starts → 400.
 */
export const GET = adminRoute({ query: insightsQuery }, async ({ query }) =>
  Response.json(await getInsights(query), { headers: { "Cache-Control": "no-store" } }),
);
