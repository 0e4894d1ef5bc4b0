import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/app-error";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";
import { trackedSubmissionView } from "@/lib/tracking/view";

export const dynamic = "force-dynamic";

/** The submission a guest verified in the last 30 minutes (reloading /track keeps it visible). */
export const GET = apiRoute({ access: "public" }, async ({ request }) => {
  const id = trackedSubmissionId(request);
  const view = id ? await trackedSubmissionView(id) : null;
  if (!view) throw new AppError("not_found", "tracking_verify_again");
  return Response.json(view, { headers: { "Cache-Control": "no-store" } });
});
