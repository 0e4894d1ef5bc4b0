import { z } from "zod";
import { approvePlanSchema } from "@/lib/contracts/tracking";
import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/app-error";
import { actorFor } from "@/lib/api/actor";
import { approvePlan } from "@/lib/cases/approve";
import { casesOwnedBy } from "@/lib/access/cases";
import { db } from "@/lib/db";
import { NotificationOutbox } from "@/lib/notifications/outbox";

export const dynamic = "force-dynamic";

/** The owner approves one of their case's treatment plans: { planId } → { planId, status }. Others' cases are 404. */
export const POST = apiRoute({ access: "signed-in", body: approvePlanSchema }, async ({ request, user, body, params }) => {
  const id = z.uuid().safeParse(params.id);
  const submission = id.success ? await db().submission.findFirst({ where: { id: id.data, ...casesOwnedBy(user.id) }, select: { id: true } }) : null;
  if (!submission) throw new AppError("not_found", "submission_not_found");
  const outbox = new NotificationOutbox();
  const result = await approvePlan({ submissionId: submission.id, planId: body.planId, actor: actorFor(request, user), outbox });
  outbox.sendEmails();
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
});
