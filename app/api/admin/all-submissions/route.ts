import { adminRoute } from "@/lib/admin/route";
import { listAdminSubmissions } from "@/lib/admin/submissions";
import { adminListQuery } from "@/lib/contracts/cases";

export const dynamic = "force-dynamic";

/** Every submission, for unlocked admins; paginated, searchable, filterable. */
export const GET = adminRoute({ query: adminListQuery }, async ({ query }) =>
  Response.json(await listAdminSubmissions(query), { headers: { "Cache-Control": "no-store" } }),
);
