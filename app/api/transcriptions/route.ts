import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { createTranscription } from "@/lib/transcriptions/create";
import { transcriptionListQuery } from "@/lib/contracts/transcriptions";
import { listTranscriptions } from "@/lib/transcriptions/queries";

export const dynamic = "force-dynamic";

const staff = ["admin", "partner"] as const;

/** The caller's transcriptions (admins: all), newest first; `cursor` continues a page. */
export const GET = apiRoute({ access: staff, query: transcriptionListQuery }, async ({ user, query }) => {
  return Response.json(await listTranscriptions(user, query), { headers: { "Cache-Control": "no-store" } });
});

/**
 * A staff member's upload for transcription: title, meetingType, department, patientInfo (and language
 * for audio), consentIds, and either the file's name and size as JSON (answered with its resumable
 * upload, `{ upload }`) or the file itself, multipart (answered with the queued transcription).
 */
export const POST = apiRoute({ access: staff }, async ({ request, user }) => {
  await enforceRateLimit(RATE_RULES.transcription, `upload:${user.id}`);
  return Response.json(await createTranscription(request, user, actorFor(request, user)), { status: 201 });
});
