import { z } from "zod";
import { caseIdParam, getAdminCase } from "@/lib/admin/case-detail";
import { adminRoute } from "@/lib/admin/route";
import { actorFor } from "@/lib/api/actor";
import { DOCUMENT_REQUEST_MAX, DOCUMENT_REQUEST_MIN, requestDocuments } from "@/lib/cases/document-requests";
import { NotificationOutbox } from "@/lib/notifications/outbox";

export const dynamic = "force-dynamic";

const body = z.object({
  message: z
    .string()
    .trim()
    .min(DOCUMENT_REQUEST_MIN, `Please describe the documents you need (at least ${DOCUMENT_REQUEST_MIN} characters).`)
    .max(DOCUMENT_REQUEST_MAX, `The request can be at most ${DOCUMENT_REQUEST_MAX} characters.`),
});

/** Asks the patient for more documents (bell and e-mail); answers the request and the updated case. */
export const POST = adminRoute({ body }, async ({ request, user, params, body }) => {
  const submissionId = caseIdParam(params);
  const outbox = new NotificationOutbox();
  const documentRequest = await requestDocuments({ submissionId, message: body.message, actor: actorFor(request, user) }, outbox);
  outbox.sendEmails();
  return Response.json({ documentRequest, case: await getAdminCase(submissionId) }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
