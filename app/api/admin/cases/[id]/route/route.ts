import { z } from "zod";
import { caseIdParam, getAdminCase } from "@/lib/admin/case-detail";
import { adminRoute } from "@/lib/admin/route";
import { actorFor } from "@/lib/api/actor";
import { MAX_HOSPITALS_PER_ROUTING, routeCase } from "@/lib/cases/routing";
import { NotificationOutbox } from "@/lib/notifications/outbox";

export const dynamic = "force-dynamic";

const body = z.object({
  hospitalIds: z
    .array(z.string().trim().min(1).max(100))
    .min(1, "Choose at least one hospital.")
    .max(MAX_HOSPITALS_PER_ROUTING, `Choose at most ${MAX_HOSPITALS_PER_ROUTING} hospitals at a time.`)
    .refine((ids) => new Set(ids).size === ids.length, "Each hospital can be chosen once."),
  note: z.string().trim().max(1000, "The note can be at most 1000 characters.").optional(),
});

/** Sends a case to partner hospitals (already routed ones are left as they are); answers what was routed and the updated case. */
export const POST = adminRoute({ body }, async ({ request, user, params, body }) => {
  const submissionId = caseIdParam(params);
  const outbox = new NotificationOutbox();
  const result = await routeCase({ submissionId, hospitalIds: body.hospitalIds, note: body.note || null, actor: actorFor(request, user) }, outbox);
  outbox.sendEmails();
  return Response.json({ ...result, case: await getAdminCase(submissionId) }, { headers: { "Cache-Control": "no-store" } });
});
