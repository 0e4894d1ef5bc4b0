import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { fileResponse } from "@/lib/storage/download";
import { transcriptionFileQuery } from "@/lib/contracts/transcriptions";
import { openTranscriptionFile } from "@/lib/transcriptions/queries";

export const dynamic = "force-dynamic";

// Types a browser can show safely in a tab, frame or <audio> element; everything else (DICOM) is downloaded.
const INLINE_TYPES = new Set(["application/pdf", "image/jpeg", "image/png", "audio/mpeg", "audio/wav", "audio/mp4", "audio/ogg", "audio/webm"]);

/** The source file of a transcription, for its uploader and admins, whole or a byte range (seeking); reads are audited. */
export const GET = apiRoute({ access: ["admin", "partner"], query: transcriptionFileQuery }, async ({ request, user, query, params }) => {
  const file = await openTranscriptionFile(user, String(params.id), actorFor(request, user), request.headers.get("range"));
  const inline = query.disposition === "inline" && INLINE_TYPES.has(file.mimeType);
  return fileResponse(file.stream, { name: file.name, contentType: file.mimeType, size: file.size }, inline ? "inline" : "attachment", file.range);
});
