import type { AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";

/**
 * The client's address: the first hop of X-Forwarded-For, which the reverse proxy in front of the app
 * sets (README: production deployment). Same source Better Auth uses for its own limits.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip") || "unknown";
}

export function actorFor(request: Request, user: SessionUser | null): AuditActor {
  return { id: user?.id ?? null, role: user?.role ?? "guest", ipAddress: clientIp(request), userAgent: request.headers.get("user-agent") };
}
