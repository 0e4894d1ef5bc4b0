import { apiRoute } from "@/lib/api/handler";
import { caseImaging } from "@/lib/imaging/read";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";

export const dynamic = "force-dynamic";

/** A case's imaging as studies and series (lib/contracts/imaging.ts caseImagingSchema), for those who may read the case. */
export const GET = apiRoute({ access: "public" }, async ({ request, user, params }) =>
  Response.json(await caseImaging(String(params.id), { user, trackedSubmissionId: trackedSubmissionId(request) }), {
    headers: { "Cache-Control": "no-store, private" },
  }),
);
