import { apiRoute } from "@/lib/api/handler";
import { openInstance } from "@/lib/imaging/read";
import { pullStream } from "@/lib/imaging/web-stream";
import { STORED_FILE_POLICY } from "@/lib/security/response-headers";
import { contentDisposition } from "@/lib/storage";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";

export const dynamic = "force-dynamic";

/**
 * One instance's DICOM bytes for the viewer, streamed from the store. Authorized by the case like any
 * file, not audited per slice (opening the series is). An instance never changes: the browser keeps
 * it privately for a day, so scrolling back through a stack does not fetch it again.
 */
export const GET = apiRoute({ access: "public" }, async ({ request, user, params }) => {
  const instance = await openInstance(String(params.id), { user, trackedSubmissionId: trackedSubmissionId(request) });
  return new Response(pullStream(instance.stream), {
    headers: {
      "Content-Type": "application/dicom",
      "Content-Length": String(instance.size),
      "Content-Disposition": contentDisposition(instance.name, "attachment"),
      "Cache-Control": "private, max-age=86400, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": STORED_FILE_POLICY,
    },
  });
});
