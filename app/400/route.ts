import { securityHeaders } from "@/lib/security/response-headers";

/**
 * What Next serves (as "/400") when a request's address cannot be decoded, such as `/%E0%A4%A`: that
 * happens before proxy.ts and next.config.ts's headers, so this answer carries its own.
 */
function badRequest(): Response {
  const headers = new Headers(securityHeaders("DENY").map(({ key, value }) => [key, value] as [string, string]));
  headers.set("Content-Type", "text/plain; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response("Bad request: the address is not valid.\n", { status: 400, headers });
}

export const dynamic = "force-dynamic";
export const GET = badRequest;
export const HEAD = badRequest;
export const POST = badRequest;
export const PUT = badRequest;
export const PATCH = badRequest;
export const DELETE = badRequest;
export const OPTIONS = badRequest;
