import { adminRoute } from "@/lib/admin/route";
import { insightsExportQuery } from "@/lib/contracts/insights";
import { insightsCsv } from "@/lib/insights/csv";
import { getInsights } from "@/lib/insights/queries";

export const dynamic = "force-dynamic";

/** Unlocked admins: one insights table (?table=funnel|hospitals|…, and the page's filters) as a CSV download. */
export const GET = adminRoute({ query: insightsExportQuery }, async ({ query: { table, ...filter } }) => {
  const csv = insightsCsv(await getInsights(filter), table);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="afyabridge-${table}-${filter.from}-${filter.to}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
