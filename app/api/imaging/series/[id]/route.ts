import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { openSeries } from "@/lib/imaging/read";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";

export const dynamic = "force-dynamic";

/** A series opened in the viewer (openedSeriesSchema), its instances in stack order; audited once per opening. */
export const GET = apiRoute({ access: "public" }, async ({ request, user, params }) =>
  Response.json(await openSeries(String(params.id), { user, trackedSubmissionId: trackedSubmissionId(request) }, actorFor(request, user)), {
    headers: { "Cache-Control": "no-store, private" },
  }),
);
