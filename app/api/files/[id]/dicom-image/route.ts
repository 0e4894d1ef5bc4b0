import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { storedDicomPreview } from "@/lib/dicom/stored-file";
import { STORED_FILE_POLICY } from "@/lib/security/response-headers";
import { contentDisposition } from "@/lib/storage";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";

export const dynamic = "force-dynamic";

/**
 * The first frame of a DICOM file as a PNG (at most 1024 px a side), for the preview dialog: same
 * readers and same audit as GET /api/files/[id]. Compressed or unsupported images → 415 with the reason.
 */
export const GET = apiRoute({ access: "public" }, async ({ request, user, params }) => {
  const { name, png } = await storedDicomPreview(String(params.id), {
    user,
    trackedSubmissionId: trackedSubmissionId(request),
    actor: actorFor(request, user),
  });
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Content-Disposition": contentDisposition(`${name.replace(/\.dcm$/i, "")}.png`, "inline"),
      "Cache-Control": "no-store, private",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": STORED_FILE_POLICY,
    },
  });
});
