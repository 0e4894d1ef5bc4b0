import { isRecord } from "./plain-json";

/** The signed-in user as GET /api/auth/me tells it. */
export interface MeUser {
  username: string;
  name: string;
  email: string;
  role: string;
  createdAt: string;
}

/** How greetings address the person: the account's name, or the username when the name is blank. */
export function greetingName(user: Pick<MeUser, "name" | "username">): string {
  return user.name.trim() || user.username;
}

/** Who is signed in: what GET /api/auth/me answers. */
export interface MeResponse {
  isAuthenticated: boolean;
  user: MeUser | null;
  /** A staff account that must set up two-factor authentication before it can act as staff. */
  twoFactorSetupRequired?: boolean;
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

function readUser(value: unknown): MeUser | null {
  if (!isRecord(value)) return null;
  const [username, name, email, role, createdAt] = [value.username, value.name, value.email, value.role, value.createdAt].map(text);
  return username !== null && name !== null && email !== null && role !== null && createdAt !== null ? { username, name, email, role, createdAt } : null;
}

/**
 * Reads an answer of GET /api/auth/me, or null when it is not one. Written out rather than as a zod
 * schema: the header checks the session on every page, marketing pages included, and zod would add
 * some 20 KiB of script there.
 */
export function parseMe(json: unknown): MeResponse | null {
  if (!isRecord(json) || typeof json.isAuthenticated !== "boolean") return null;
  const { isAuthenticated, twoFactorSetupRequired } = json;
  if (twoFactorSetupRequired !== undefined && typeof twoFactorSetupRequired !== "boolean") return null;
  const user = json.user === null ? null : readUser(json.user);
  if (json.user !== null && user === null) return null;
  return twoFactorSetupRequired === undefined ? { isAuthenticated, user } : { isAuthenticated, user, twoFactorSetupRequired };
}
