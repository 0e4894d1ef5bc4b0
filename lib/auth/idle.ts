import "server-only";
/** Staff (admin, partner) sessions end after this long without activity; patients' do not. */
export const STAFF_IDLE_MINUTES = 30;
/** How often activity moves a session's updatedAt (its "last active" time) forward. */
export const SESSION_UPDATE_AGE_SECONDS = 5 * 60;

export function isIdleStaffSession(role: string | null | undefined, lastActive: Date | string, now = Date.now()): boolean {
  return (role === "admin" || role === "partner") && now - new Date(lastActive).getTime() > STAFF_IDLE_MINUTES * 60_000;
}
