import { caseIdParam, getAdminCase } from "@/lib/admin/case-detail";
import { adminRoute } from "@/lib/admin/route";
import { actorFor } from "@/lib/api/actor";
import { routeCase } from "@/lib/cases/routing";
import { routeCaseSchema } from "@/lib/contracts/routings";
import { NotificationOutbox } from "@/lib/notifications/outbox";

export const dynamic = "force-dynamic";

/** Sends a case to partner hospitals (already routed ones are left as they are); answers what was routed and the updated case. */
export const POST = adminRoute({ body: routeCaseSchema }, async ({ request, user, params, body }) => {
  const submissionId = caseIdParam(params);
  const outbox = new NotificationOutbox();
  const result = await routeCase({ submissionId, hospitalIds: body.hospitalIds, note: body.note || null, actor: actorFor(request, user) }, outbox);
  outbox.sendEmails();
  return Response.json({ ...result, case: await getAdminCase(submissionId) }, { headers: { "Cache-Control": "no-store" } });
});
