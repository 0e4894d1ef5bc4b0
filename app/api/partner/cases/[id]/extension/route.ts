import { actorFor } from "@/lib/api/actor";
import { apiRoute } from "@/lib/api/handler";
import { requestMoreTime } from "@/lib/partners/plans";
import { extensionSchema } from "@/lib/contracts/plans";

export const dynamic = "force-dynamic";

/** Partners: { hours (1-48), reason } → my hospital's deadline for the case moves on, once; 409 when already used, answered or past the deadline. */
export const POST = apiRoute({ access: ["partner"], body: extensionSchema }, async ({ request, user, body, params }) => {
  return Response.json(await requestMoreTime(user, String(params.id), body, actorFor(request, user)));
});
