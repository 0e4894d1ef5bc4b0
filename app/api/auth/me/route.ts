import { apiRoute } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

/** SPEC section 7: isAuthenticated and user (username, email, createdAt). */
export const GET = apiRoute({ access: "public" }, ({ user }) =>
  Response.json(
    user
      ? {
          isAuthenticated: true,
          user: { username: user.username, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt.toISOString() },
          // A staff account that must set up two-factor authentication before it can act as staff.
          twoFactorSetupRequired: user.staffRoleAwaitingTwoFactor !== null,
        }
      : { isAuthenticated: false, user: null },
    { headers: { "Cache-Control": "no-store" } },
  ),
);
