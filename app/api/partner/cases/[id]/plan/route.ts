import { actorFor } from "@/lib/api/actor";
import { apiRoute } from "@/lib/api/handler";
import { submitPlan } from "@/lib/partners/plans";
import { planSchema } from "@/lib/contracts/plans";

export const dynamic = "force-dynamic";

/** Partners: the hospital's treatment plan (lib/contracts/plans planSchema) → 201 { planId }; 409 once answered. */
export const POST = apiRoute({ access: ["partner"], body: planSchema }, async ({ request, user, body, params }) => {
  const plan = await submitPlan(user, String(params.id), body, actorFor(request, user));
  return Response.json({ planId: plan.id }, { status: 201 });
});
