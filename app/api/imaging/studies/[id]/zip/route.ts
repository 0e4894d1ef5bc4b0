import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { studyZip } from "@/lib/imaging/zip";
import { zipResponse } from "@/lib/imaging/zip-response";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";

export const dynamic = "force-dynamic";

/** A whole study as one zip (its original files and a DICOMDIR), streamed; audited. */
export const GET = apiRoute({ access: "public" }, async ({ request, user, params }) =>
  zipResponse(await studyZip(String(params.id), { user, trackedSubmissionId: trackedSubmissionId(request) }, actorFor(request, user))),
);
