import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { clientIp } from "@/lib/api/client-ip";
import { issueTrackCookie } from "@/lib/tracking/access-cookie";
import { trackVerifySchema } from "@/lib/contracts/tracking";
import { verifyTrackingCode } from "@/lib/tracking/codes";
import { trackedSubmissionView } from "@/lib/tracking/view";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "public", body: trackVerifySchema }, async ({ request, user, body }) => {
  const submissionId = await verifyTrackingCode(body, clientIp(request), actorFor(request, user));
  return Response.json(await trackedSubmissionView(submissionId), { headers: { "Set-Cookie": issueTrackCookie(submissionId), "Cache-Control": "no-store" } });
});
