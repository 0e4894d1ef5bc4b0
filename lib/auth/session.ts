import "server-only";
import { headers as nextHeaders } from "next/headers";
import { AppError } from "@/lib/api/errors";
import { getAuth } from "./server";
import { toRole, type Role } from "./roles";

/** The minimum we keep about the signed-in person: never hashes, tokens or secrets. */
export interface SessionUser {
  id: string;
  role: Role;
  name: string;
  email: string;
  username: string;
  createdAt: Date;
  hospitalId: string | null;
}

export async function getSessionUser(requestHeaders?: Headers): Promise<SessionUser | null> {
  const session = await getAuth().api.getSession({ headers: requestHeaders ?? (await nextHeaders()) });
  if (!session) return null;
  const user = session.user as typeof session.user & { username?: string | null; role?: string | null; hospitalId?: string | null };
  if ((user as { banned?: boolean | null }).banned) return null;
  return {
    id: user.id,
    role: toRole(user.role),
    name: user.name,
    email: user.email,
    username: user.username ?? user.name,
    createdAt: new Date(user.createdAt),
    hospitalId: user.hospitalId ?? null,
  };
}

/**
 * The one role check every route handler, server action and page uses. Without a session: 401.
 * With the wrong role: 404, so that the existence of staff-only things is not revealed.
 */
export async function requireUser(allowed?: readonly Role[], requestHeaders?: Headers): Promise<SessionUser> {
  const user = await getSessionUser(requestHeaders);
  if (!user) throw new AppError("unauthenticated", "Please sign in to continue.");
  if (allowed && !allowed.includes(user.role)) throw new AppError("not_found", "Not found");
  if (user.role === "partner" && !user.hospitalId) throw new AppError("forbidden", "This partner account is not linked to a hospital.");
  return user;
}
