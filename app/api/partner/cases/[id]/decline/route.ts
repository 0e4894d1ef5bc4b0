import { actorFor } from "@/lib/api/actor";
import { apiRoute } from "@/lib/api/handler";
import { declineCase } from "@/lib/partners/plans";
import { declineSchema } from "@/lib/contracts/plans";

export const dynamic = "force-dynamic";

/** Partners: { reason } → the hospital declines the case; 409 once answered. */
export const POST = apiRoute({ access: ["partner"], body: declineSchema }, async ({ request, user, body, params }) => {
  await declineCase(user, String(params.id), body, actorFor(request, user));
  return Response.json({ ok: true });
});
