import { caseIdParam, getAdminCase } from "@/lib/admin/case-detail";
import { adminRoute } from "@/lib/admin/route";
import { actorFor } from "@/lib/api/actor";
import { requestDocuments } from "@/lib/cases/document-requests";
import { documentRequestSchema } from "@/lib/contracts/cases";
import { NotificationOutbox } from "@/lib/notifications/outbox";

export const dynamic = "force-dynamic";

/** Asks the patient for more documents (bell and e-mail); answers the request and the updated case. */
export const POST = adminRoute({ body: documentRequestSchema }, async ({ request, user, params, body }) => {
  const submissionId = caseIdParam(params);
  const outbox = new NotificationOutbox();
  const documentRequest = await requestDocuments({ submissionId, message: body.message, actor: actorFor(request, user) }, outbox);
  outbox.sendEmails();
  return Response.json({ documentRequest, case: await getAdminCase(submissionId) }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
