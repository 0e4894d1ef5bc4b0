import { adminRoute } from "@/lib/admin/route";
import { listAuditEvents } from "@/lib/admin/audit-log";
import { auditQuery } from "@/lib/contracts/audit-log";

export const dynamic = "force-dynamic";

/**
 * The audit log for unlocked admins, newest first, one page at a time: filter by case (its own
 * events and its files', routings', plans' and document requests'), by user and by action.
 * Unknown tracking numbers and e-mails → 404 with the reason; bad cursor → 400.
 */
export const GET = adminRoute({ query: auditQuery }, async ({ query }) =>
  Response.json(await listAuditEvents(query), { headers: { "Cache-Control": "no-store" } }),
);
