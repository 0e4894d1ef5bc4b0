import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { deleteTranscription } from "@/lib/transcriptions/erase";
import { findReadableTranscription, readTranscription } from "@/lib/transcriptions/queries";

export const dynamic = "force-dynamic";

const staff = ["admin", "partner"] as const;

/** One transcription with its text, segments, status, file information and consents; every read is audited. */
export const GET = apiRoute({ access: staff }, async ({ request, user, params }) => {
  return Response.json(await readTranscription(user, String(params.id), actorFor(request, user), "api"), { headers: { "Cache-Control": "no-store" } });
});

/** The uploader or an admin deletes the transcription and its stored file, at any time, whatever its retention date. */
export const DELETE = apiRoute({ access: staff }, async ({ request, user, params }) => {
  const { id } = await findReadableTranscription(user, String(params.id), { id: true });
  await deleteTranscription(id, actorFor(request, user));
  return new Response(null, { status: 204 });
});
