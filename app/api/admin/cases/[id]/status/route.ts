import { caseIdParam, getAdminCase } from "@/lib/admin/case-detail";
import { setCaseStatus } from "@/lib/admin/case-status";
import { adminRoute } from "@/lib/admin/route";
import { actorFor } from "@/lib/api/actor";
import { NotificationOutbox } from "@/lib/notifications/outbox";
import { caseStatusChangeSchema } from "@/lib/contracts/cases";

export const dynamic = "force-dynamic";

/** A coordinator moves a case by hand (workflow.manualTransitions only); answers the updated case. */
export const POST = adminRoute({ body: caseStatusChangeSchema }, async ({ request, user, params, body }) => {
  const submissionId = caseIdParam(params);
  const outbox = new NotificationOutbox();
  await setCaseStatus({ submissionId, to: body.to, note: body.note, actor: actorFor(request, user) }, outbox);
  outbox.sendEmails();
  return Response.json({ case: await getAdminCase(submissionId) }, { headers: { "Cache-Control": "no-store" } });
});
