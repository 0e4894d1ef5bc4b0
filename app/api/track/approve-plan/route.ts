import { approvePlanSchema } from "@/lib/contracts/tracking";
import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/app-error";
import { actorFor } from "@/lib/api/actor";
import { approvePlan } from "@/lib/cases/approve";
import { NotificationOutbox } from "@/lib/notifications/outbox";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";

export const dynamic = "force-dynamic";

/** A verified guest approves a plan of the submission their tracking cookie grants: { planId } → { planId, status }. */
export const POST = apiRoute({ access: "public", body: approvePlanSchema }, async ({ request, user, body }) => {
  const submissionId = trackedSubmissionId(request);
  if (!submissionId) throw new AppError("not_found", "tracking_verify_again");
  const outbox = new NotificationOutbox();
  const result = await approvePlan({ submissionId, planId: body.planId, actor: actorFor(request, user), outbox });
  outbox.sendEmails();
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
});
