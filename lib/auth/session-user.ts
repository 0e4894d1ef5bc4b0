import "server-only";
import type { Role } from "./roles";

/** The minimum we keep about the signed-in person: never hashes, tokens or secrets. */
export interface SessionUser {
  id: string;
  role: Role;
  name: string;
  email: string;
  username: string;
  createdAt: Date;
  hospitalId: string | null;
  twoFactorEnabled: boolean;
  /**
   * The staff role (admin, partner) of an account that has not set up two-factor authentication yet.
   * Until it does, `role` is "patient": every role check in the app refuses it staff access by default.
   */
  staffRoleAwaitingTwoFactor: "admin" | "partner" | null;
  /**
   * An admin who re-entered their password in this browser session (the admin gate, lib/admin/unlock.ts).
   * Only then does the admin have admin power (hasAdminPower): until it, staff-only routes answer 403
   * and everything else treats them as any signed-in user.
   */
  adminUnlocked: boolean;
}

/** The one test of admin power (every case, file and transcription, acting for patients): an admin past the password gate. */
export function hasAdminPower(user: SessionUser | null): boolean {
  return user?.role === "admin" && user.adminUnlocked;
}
