import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { caseFilesZip } from "@/lib/imaging/zip";
import { zipResponse } from "@/lib/imaging/zip-response";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";

export const dynamic = "force-dynamic";

/** "Download all": the case's files (other than its imaging, which each study's zip holds) as one zip, streamed; audited. */
export const GET = apiRoute({ access: "public" }, async ({ request, user, params }) =>
  zipResponse(await caseFilesZip(String(params.id), { user, trackedSubmissionId: trackedSubmissionId(request) }, actorFor(request, user))),
);
