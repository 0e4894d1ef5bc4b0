import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { clientIp } from "@/lib/api/client-ip";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { createSubmission } from "@/lib/submissions/create";
import { createdResponse } from "@/lib/submissions/respond";
import { listOwnSubmissions } from "@/lib/submissions/queries";

export const dynamic = "force-dynamic";

/** SPEC section 7: the signed-in user's own submissions, newest first. */
export const GET = apiRoute({ access: "signed-in" }, async ({ user }) =>
  Response.json(await listOwnSubmissions(user.id), { headers: { "Cache-Control": "no-store" } }),
);

/** SPEC section 7: the signed-in records submission (multipart). */
export const POST = apiRoute({ access: "signed-in" }, async ({ request, user }) => {
  await enforceRateLimit(RATE_RULES.submission, clientIp(request));
  return createdResponse(await createSubmission(request, user, actorFor(request, user)));
});
