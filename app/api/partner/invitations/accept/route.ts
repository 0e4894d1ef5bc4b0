import { actorFor } from "@/lib/api/actor";
import { clientIp } from "@/lib/api/client-ip";
import { apiRoute } from "@/lib/api/handler";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { acceptInvitation } from "@/lib/partners/invitations";
import { acceptInvitationSchema } from "@/lib/contracts/partners";

export const dynamic = "force-dynamic";

/** { token, username, password } → 201: the partner account is created and signed in (session cookie). */
export const POST = apiRoute({ access: "public", body: acceptInvitationSchema }, async ({ request, user, body }) => {
  await enforceRateLimit(RATE_RULES.partnerInviteAccept, clientIp(request));
  const { setCookies } = await acceptInvitation(request, body, actorFor(request, user));
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return Response.json({ ok: true, redirectTo: "/partner" }, { status: 201, headers });
});
