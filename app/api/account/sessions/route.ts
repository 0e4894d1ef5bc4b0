import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { AppError } from "@/lib/app-error";
import { getCurrentSession } from "@/lib/auth/session";
import { listActiveSessions, revokeOtherSessions } from "@/lib/auth/sessions";

export const dynamic = "force-dynamic";

async function currentSessionId(request: Request): Promise<string> {
  const current = await getCurrentSession(request.headers);
  if (!current) throw new AppError("unauthenticated", "sign_in_required");
  return current.sessionId;
}

/** My active sessions, this one marked `current`. */
export const GET = apiRoute({ access: "signed-in" }, async ({ request, user }) => {
  const sessions = await listActiveSessions(user.id, await currentSessionId(request));
  return Response.json({ sessions }, { headers: { "Cache-Control": "no-store" } });
});

/** Signs out everywhere else: every session of mine except this one. */
export const DELETE = apiRoute({ access: "signed-in" }, async ({ request, user }) => {
  const revoked = await revokeOtherSessions(user.id, await currentSessionId(request), actorFor(request, user));
  return Response.json({ revoked });
});
