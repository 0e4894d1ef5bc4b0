import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { storedHeicPreview } from "@/lib/files/heic-preview";
import { STORED_FILE_POLICY } from "@/lib/security/response-headers";
import { contentDisposition } from "@/lib/storage";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";

export const dynamic = "force-dynamic";

/**
 * A HEIC/HEIF photo converted to JPEG so that any browser shows it (the preview dialog, a new tab):
 * same readers and same audit as GET /api/files/[id], which still serves the original. Other types →
 * 415, over 50 MB → 413, undecodable → 400.
 */
export const GET = apiRoute({ access: "public" }, async ({ request, user, params }) => {
  const { name, jpeg } = await storedHeicPreview(String(params.id), {
    user,
    trackedSubmissionId: trackedSubmissionId(request),
    actor: actorFor(request, user),
  });
  return new Response(new Uint8Array(jpeg), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(jpeg.length),
      "Content-Disposition": contentDisposition(`${name.replace(/\.(heic|heif)$/i, "")}.jpg`, "inline"),
      "Cache-Control": "no-store, private",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": STORED_FILE_POLICY,
    },
  });
});
