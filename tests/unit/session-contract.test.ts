import { parseMe } from "@/lib/contracts/session";

describe("the answer of GET /api/auth/me", () => {
  const user = { username: "amina_b", name: "Amina Bello", email: "amina@example.com", role: "patient", createdAt: "2026-11-20T10:00:00.000Z" };

  it("reads a signed-in user and a visitor as the route answers them", () => {
    expect(parseMe({ isAuthenticated: true, user, twoFactorSetupRequired: false })).toEqual({ isAuthenticated: true, user, twoFactorSetupRequired: false });
    expect(parseMe({ isAuthenticated: false, user: null })).toEqual({ isAuthenticated: false, user: null });
  });

  it("refuses anything else: a user without a role, a missing flag, an HTML error page", () => {
    expect(parseMe({ isAuthenticated: true, user: { ...user, role: undefined } })).toBeNull();
    expect(parseMe({ user })).toBeNull();
    expect(parseMe({ isAuthenticated: true, user, twoFactorSetupRequired: "yes" })).toBeNull();
    expect(parseMe("<html>")).toBeNull();
  });
});
