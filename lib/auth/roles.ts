import "server-only";
export const roles = ["patient", "partner", "admin"] as const;
export type Role = (typeof roles)[number];

export function toRole(value: unknown): Role {
  return roles.includes(value as Role) ? (value as Role) : "patient";
}

/** Staff use the transcription center and see routed cases; patients see only their own data. */
export function isStaff(role: Role): boolean {
  return role === "admin" || role === "partner";
}
