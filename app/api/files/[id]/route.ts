import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { openFileForReading } from "@/lib/files/read";
import { fileResponse } from "@/lib/storage/download";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";

export const dynamic = "force-dynamic";

// No name parameter: the saved name is always the stored one, never chosen by whoever shares a link.
const query = z.object({
  disposition: z.enum(["attachment", "inline"]).default("attachment"),
});

/** A stored file, by its opaque id, for those allowed to read it; every read is audited. */
export const GET = apiRoute({ access: "public", query }, async ({ request, user, query, params }) => {
  const file = await openFileForReading(String(params.id), user, trackedSubmissionId(request), actorFor(request, user));
  const inline = query.disposition === "inline" && INLINE_TYPES.has(file.mimeType);
  return fileResponse(file.stream, { name: file.originalName, contentType: file.mimeType, size: file.size }, inline ? "inline" : "attachment");
});

// Types a browser can show safely in a tab or frame; everything else is downloaded.
const INLINE_TYPES = new Set(["application/pdf", "image/jpeg", "image/png", "text/plain"]);
