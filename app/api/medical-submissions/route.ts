import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { clientIp } from "@/lib/api/client-ip";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { createSubmission } from "@/lib/submissions/create";
import { createdResponse } from "@/lib/submissions/respond";

export const dynamic = "force-dynamic";

/** A guest's records submission (multipart). A signed-in caller's goes to their account. */
export const POST = apiRoute({ access: "public" }, async ({ request, user }) => {
  await enforceRateLimit(RATE_RULES.submission, clientIp(request));
  return createdResponse(await createSubmission(request, user, actorFor(request, user)));
});
