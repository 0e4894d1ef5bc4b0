import { apiRoute } from "@/lib/api/handler";
import type { MeResponse } from "@/lib/contracts/session";

export const dynamic = "force-dynamic";

/** Who is signed in: isAuthenticated, and the user's username, name, e-mail, role and creation date. */
export const GET = apiRoute({ access: "public" }, ({ user }) => {
  const me: MeResponse = user
    ? {
        isAuthenticated: true,
        user: { username: user.username, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt.toISOString() },
        twoFactorSetupRequired: user.staffRoleAwaitingTwoFactor !== null,
      }
    : { isAuthenticated: false, user: null };
  return Response.json(me, { headers: { "Cache-Control": "no-store" } });
});
