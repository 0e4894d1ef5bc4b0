import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { retryTranscription } from "@/lib/transcriptions/retry";

export const dynamic = "force-dynamic";

/** "Try again" on a failed or needs_engine transcript: who may read it may retry it; 409 in any other state. */
export const POST = apiRoute({ access: ["admin", "partner"] }, async ({ request, user, params }) => {
  await enforceRateLimit(RATE_RULES.transcription, `retry:${user.id}`);
  return Response.json(await retryTranscription(user, String(params.id), actorFor(request, user)), { status: 202 });
});
