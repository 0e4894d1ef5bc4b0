import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { consentBody } from "@/lib/contracts/transcriptions";
import { recordConsent } from "@/lib/transcriptions/consent";

export const dynamic = "force-dynamic";

/** One call per ticked consent, before the transcription upload. Staff only. */
export const POST = apiRoute({ access: ["admin", "partner"], body: consentBody }, async ({ request, user, body }) => {
  await enforceRateLimit(RATE_RULES.transcription, `consent:${user.id}`);
  const { id } = await recordConsent(user, body, actorFor(request, user));
  return Response.json({ id }, { status: 201 });
});
