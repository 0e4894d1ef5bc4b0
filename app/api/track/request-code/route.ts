import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { clientIp } from "@/lib/api/client-ip";
import { trackRequestSchema } from "@/lib/contracts/tracking";
import { requestTrackingCode } from "@/lib/tracking/codes";

export const dynamic = "force-dynamic";

/** Always the same answer, whether or not the pair matches a submission. */
export const POST = apiRoute({ access: "public", body: trackRequestSchema }, async ({ request, user, body }) => {
  await requestTrackingCode(body, clientIp(request), actorFor(request, user));
  return Response.json({ success: true }, { headers: { "Cache-Control": "no-store" } });
});
