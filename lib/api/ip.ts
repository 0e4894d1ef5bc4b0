import "server-only";
import { BlockList, isIP } from "node:net";

/**
 * Addresses and the X-Forwarded-For chain. Pure functions (no configuration): lib/env.ts validates
 * TRUSTED_PROXIES with them and lib/api/client-ip.ts finds the client's address with them.
 */

const MAX_ADDRESS_LENGTH = 100;

/** "::ffff:192.0.2.1" (how Node reports an IPv4 peer on a dual-stack socket) → "192.0.2.1"; IPv6 lower-cased. */
export function normalizeAddress(value: string): string {
  const address = value.trim().slice(0, MAX_ADDRESS_LENGTH);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && isIP(mapped[1]) === 4) return mapped[1];
  return isIP(address) === 6 ? address.toLowerCase() : address;
}

/** An IP address or CIDR range ("10.0.0.0/8", "fd00::/8", "127.0.0.1"), or null when it is neither. */
export function parseAddressRange(entry: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } | null {
  const [address, prefixText, extra] = entry.trim().split("/");
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** Splits a comma-separated TRUSTED_PROXIES value; `invalid` lists the entries that are not addresses or ranges. */
export function parseTrustedProxies(value: string | undefined): { entries: string[]; invalid: string[] } {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return { entries, invalid: entries.filter((entry) => parseAddressRange(entry) === null) };
}

export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const range = parseAddressRange(entry);
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  }
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? "ipv4" : "ipv6");
  };
}

/**
 * The client's address from an X-Forwarded-For value. Every proxy appends the address it received
 * the request from, so only the right end of the chain is trustworthy: walking from the right, the
 * entries added by our own proxies (`isTrustedProxy`) are skipped and the first other one is the
 * client. Everything left of it was written by the client and is ignored. With no trusted proxies,
 * that is the rightmost entry (what the nearest proxy appended, or the socket address `next start`
 * puts there when the header is absent). Null when the header is empty.
 */
export function clientAddressFromForwardedFor(forwardedFor: string | null, isTrustedProxy: (address: string) => boolean): string | null {
  const chain = (forwardedFor ?? "").split(",").map(normalizeAddress).filter(Boolean);
  if (chain.length === 0) return null;
  for (let i = chain.length - 1; i >= 0; i--) if (!isTrustedProxy(chain[i])) return chain[i];
  // Only our proxies in the chain: the request started at one of them.
  return chain[0];
}

/**
 * The /64 network of an IPv6 address ("2001:db8:1:2::/64"), null for anything else. One subscriber's
 * line usually holds a whole /64, so per-address limits count IPv6 clients by it, as Better Auth's do.
 */
export function ipv6Network64(address: string): string | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
