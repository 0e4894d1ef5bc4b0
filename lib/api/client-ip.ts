import "server-only";
import { getEnv } from "@/lib/env";
import { addressMatcher, clientAddressFromForwardedFor } from "./ip";

/**
 * The header through which the client's address (clientIp) reaches Better Auth, whose own limits and
 * session rows read it and nothing else (lib/auth/server.ts). Set by the app on every API request
 * (withClientIpHeader), so a value a client sends is always overwritten.
 */
export const CLIENT_IP_HEADER = "x-afyabridge-client-ip";

let matcherFor: { entries: readonly string[]; matches: (address: string) => boolean } | undefined;

function isTrustedProxy(address: string): boolean {
  const entries = getEnv().TRUSTED_PROXIES;
  if (matcherFor?.entries !== entries) matcherFor = { entries, matches: addressMatcher(entries) };
  return matcherFor.matches(address);
}

/**
 * The client's address, the one definition used by every rate limit (the app's and Better Auth's)
 * and by the audit log: X-Forwarded-For read from the right, skipping the proxies in TRUSTED_PROXIES
 * (lib/api/ip.ts). The leftmost entries are whatever the client sent and are never used. Behind no
 * proxy, `next start` puts the socket address there (only when the client sent no header: hence
 * README's rule that the app is reachable only through the proxy).
 */
export function clientIp(request: Request): string {
  return clientIpFromHeaders(request.headers);
}

/** clientIp for code that has the headers only (pages, through next/headers). */
export function clientIpFromHeaders(headers: Headers): string {
  return clientAddressFromForwardedFor(headers.get("x-forwarded-for"), isTrustedProxy) ?? "unknown";
}

/**
 * The request with CLIENT_IP_HEADER set to clientIp(request), replacing anything the client sent
 * under that name. Called before any request or its headers reach Better Auth.
 */
export function withClientIpHeader(request: Request): Request {
  const address = clientIp(request);
  try {
    request.headers.set(CLIENT_IP_HEADER, address);
    return request;
  } catch {
    // Immutable headers: a copy carries the same body stream.
    const headers = new Headers(request.headers);
    headers.set(CLIENT_IP_HEADER, address);
    return new Request(request, { headers, duplex: "half" } as RequestInit);
  }
}
