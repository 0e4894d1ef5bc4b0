import "server-only";
import { Address4, Address6 } from "ip-address";

/** How a session's address is shown: "this computer" for loopback, else the address in its short form. */
export type DisplayAddress = { kind: "loopback" } | { kind: "address"; text: string };

/**
 * The sign-in library stores IPv4-mapped IPv6 as IPv4 and other IPv6 addresses cut to their /64
 * network, written out in full: "::1" is stored as "0000:0000:0000:0000:0000:0000:0000:0000". No
 * client outside this machine comes from ::/64 (loopback, unspecified, IPv4-compatible), so that
 * network reads "this computer", as 127.0.0.0/8 does; IPv4-mapped IPv6 reads as IPv4; other IPv6 in
 * its compressed form ("2001:db8::"). Anything that is not an IP address is shown as stored.
 */
export function displayAddress(stored: string): DisplayAddress {
  const value = stored.trim();
  if (Address4.isValid(value)) {
    const v4 = new Address4(value);
    return v4.isLoopback() ? { kind: "loopback" } : { kind: "address", text: v4.correctForm() };
  }
  if (Address6.isValid(value)) {
    const v6 = new Address6(value);
    if (v6.isMapped4()) return displayAddress(v6.to4().correctForm());
    if (v6.isLoopback() || v6.isInSubnet(thisMachine)) return { kind: "loopback" };
    return { kind: "address", text: v6.correctForm() };
  }
  return { kind: "address", text: value };
}

const thisMachine = new Address6("::/64");
