import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { clientIp } from "@/lib/api/client-ip";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { createSubmission } from "@/lib/submissions/create";
import { createdResponse } from "@/lib/submissions/respond";
import { listOwnSubmissions } from "@/lib/submissions/queries";

export const dynamic = "force-dynamic";

/** The signed-in user's own submissions, newest first. */
export const GET = apiRoute({ access: "signed-in" }, async ({ user }) =>
  Response.json(await listOwnSubmissions(user.id), { headers: { "Cache-Control": "no-store" } }),
);

/** A signed-in patient's records submission (multipart); it belongs to their account. */
export const POST = apiRoute({ access: "signed-in" }, async ({ request, user }) => {
  await enforceRateLimit(RATE_RULES.submission, clientIp(request));
  return createdResponse(await createSubmission(request, user, actorFor(request, user)));
});
