import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { storedDicomMetadata } from "@/lib/dicom/stored-file";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";

export const dynamic = "force-dynamic";

/**
 * A DICOM file's metadata (patient, study, series, image size, transfer syntax) and whether its image
 * can be previewed: same readers and same audit as GET /api/files/[id]. Not DICOM → 415; unreadable → 400.
 */
export const GET = apiRoute({ access: "public" }, async ({ request, user, params }) => {
  const metadata = await storedDicomMetadata(String(params.id), { user, trackedSubmissionId: trackedSubmissionId(request), actor: actorFor(request, user) });
  return Response.json(metadata, { headers: { "Cache-Control": "no-store, private" } });
});
