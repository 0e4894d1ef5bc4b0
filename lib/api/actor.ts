import "server-only";
import type { AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { clientIpFromHeaders } from "./client-ip";

/** Who does what a request asks, for the audit log: the user (or a guest), their address and browser. */
export function actorFor(request: Request, user: SessionUser | null): AuditActor {
  return actorFromHeaders(request.headers, user);
}

/** actorFor for code that has the headers only (pages, through next/headers). */
export function actorFromHeaders(headers: Headers, user: SessionUser | null): AuditActor {
  return { id: user?.id ?? null, role: user?.role ?? "guest", ipAddress: clientIpFromHeaders(headers), userAgent: headers.get("user-agent") };
}
