import { adminRoute } from "@/lib/admin/route";
import { adminListQuery, listAdminSubmissions } from "@/lib/admin/submissions";

export const dynamic = "force-dynamic";

/** SPEC section 7: every submission, for unlocked admins; paginated, searchable, filterable. */
export const GET = adminRoute({ query: adminListQuery }, async ({ query }) =>
  Response.json(await listAdminSubmissions(query), { headers: { "Cache-Control": "no-store" } }),
);
