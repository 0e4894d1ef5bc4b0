/** @jest-environment node */
import { displayAddress } from "@/lib/auth/display-address";

describe("a session's address as the security page shows it", () => {
  // "0000:…:0000" is how ::1 is stored (the sign-in library keeps an IPv6 address's /64 network).
  test.each([
    "127.0.0.1",
    "127.1.2.3",
    "::1",
    "0000:0000:0000:0000:0000:0000:0000:0001",
    "0000:0000:0000:0000:0000:0000:0000:0000",
    "::ffff:127.0.0.1",
    "0000:0000:0000:0000:0000:ffff:7f00:0001",
  ])("%s is this computer", (stored) => {
    expect(displayAddress(stored)).toEqual({ kind: "loopback" });
  });

  test.each([
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["0000:0000:0000:0000:0000:ffff:c000:0201", "192.0.2.1"],
    ["::FFFF:C633:6407", "198.51.100.7"],
    ["2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["2001:0db8:85a3:0000:0000:0000:0000:0000", "2001:db8:85a3::"],
    ["2001:DB8:85A3::8A2E:370:7334", "2001:db8:85a3::8a2e:370:7334"],
    ["203.0.113.9", "203.0.113.9"],
  ])("%s reads %s", (stored, text) => {
    expect(displayAddress(stored)).toEqual({ kind: "address", text });
  });

  test("a value that is not an IP address is shown as stored", () => {
    expect(displayAddress(" unknown ")).toEqual({ kind: "address", text: "unknown" });
  });
});
