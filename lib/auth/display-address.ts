import "server-only";
import { Address4, Address6 } from "ip-address";

/** How a session's address is shown: "this computer" for loopback, else the address in its short form. */
export type DisplayAddress = { kind: "loopback" } | { kind: "address"; text: string };

/**
 * "0000:0000:0000:0000:0000:0000:0000:0001" and "127.0.0.1" → loopback; "::ffff:c000:0201" and
 * "0000:0000:0000:0000:0000:ffff:c000:0201" → "192.0.2.1"; other IPv6 in its compressed form
 * ("2001:db8::1"). Anything that is not an IP address is shown as stored.
 */
export function displayAddress(stored: string): DisplayAddress {
  const value = stored.trim();
  if (Address4.isValid(value)) {
    const v4 = new Address4(value);
    return v4.isLoopback() ? { kind: "loopback" } : { kind: "address", text: v4.correctForm() };
  }
  if (Address6.isValid(value)) {
    const v6 = new Address6(value);
    if (v6.isLoopback()) return { kind: "loopback" };
    if (v6.isMapped4()) return displayAddress(v6.to4().correctForm());
    return { kind: "address", text: v6.correctForm() };
  }
  return { kind: "address", text: value };
}
