import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { APP_URL, Browser, useFreshApp } from "./support/app";
import { MULTIPART_TYPE, multipartBody, toStream } from "./support/multipart";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { ConfigError, parseEnv, resetEnvForTests } from "@/lib/env";

/*
 * The client's address is the rightmost X-Forwarded-For entry not added by a trusted proxy
 * (lib/api/client-ip.ts), for the app's limits and Better Auth's alike. A client that writes its own
 * X-Forwarded-For (different on every request) must not escape any limit.
 */
type Handler = (request: Request) => Promise<Response>;
let auth: Handler;
let guestSubmission: Handler;

let spoof = 0;
/** A value a client could put at the left of the header: different on every request. */
const spoofed = () => `203.0.113.${++spoof % 250}, 10.${spoof % 250}.0.1`;

function withForwardedFor(request: Request, value: string | null): Request {
  if (value === null) request.headers.delete("x-forwarded-for");
  else request.headers.set("x-forwarded-for", value);
  return request;
}

const submission = () =>
  new Browser().request("/api/medical-submissions", { body: toStream(multipartBody([{ name: "fullName", value: "X" }])), contentType: MULTIPART_TYPE });
let guesses = 0;
/** A wrong sign-in, each for another e-mail: the per-account lock (10 failures) must not answer instead of the per-address limit. */
const signIn = () => new Browser().request("/api/auth/sign-in/email", { json: { email: `nobody${++guesses}@example.com`, password: "wrong password 123" } });

function setTrustedProxies(value: string | undefined) {
  if (value === undefined) delete process.env.TRUSTED_PROXIES;
  else process.env.TRUSTED_PROXIES = value;
  resetEnvForTests();
}

describe("the client's address cannot be chosen by the client", () => {
  let postgres: TestDatabase | null = null;
  before(async () => {
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    await useFreshApp({ databaseUrl: postgres?.url ?? null });
    auth = (await import("@/app/api/auth/[...all]/route")).POST as Handler;
    guestSubmission = (await import("@/app/api/medical-submissions/route")).POST as Handler;
  });
  after(async () => {
    setTrustedProxies(undefined);
    await (await import("@/lib/db")).db().$disconnect();
    await postgres?.drop();
  });

  test("without TRUSTED_PROXIES: the rightmost entry (what the nearest proxy or `next start` wrote)", async () => {
    const { clientIp, clientIpFromHeaders } = await import("@/lib/api/client-ip");
    const at = (value: string | null) => clientIp(withForwardedFor(new Request(APP_URL), value));
    assert.equal(clientIpFromHeaders(new Headers({ "x-forwarded-for": "1.1.1.1, 198.51.100.7" })), "198.51.100.7", "pages use the same rule");
    assert.equal(at("198.51.100.7"), "198.51.100.7");
    assert.equal(at("1.1.1.1, 2.2.2.2,198.51.100.7"), "198.51.100.7");
    assert.equal(at("evil, 198.51.100.7 "), "198.51.100.7");
    assert.equal(at("::ffff:127.0.0.1"), "127.0.0.1", "Node's IPv4-mapped socket address");
    assert.equal(at("2001:DB8::1"), "2001:db8::1");
    assert.equal(at(null), "unknown");
    assert.equal(at(" , "), "unknown");
    // X-Real-IP is just another header a client can write.
    const realIp = new Request(APP_URL, { headers: { "x-real-ip": "192.0.2.99", "x-forwarded-for": "198.51.100.7" } });
    assert.equal(clientIp(realIp), "198.51.100.7");
  });

  test("with TRUSTED_PROXIES: our proxies' entries are skipped from the right, the client's own entries ignored", async () => {
    const { clientIp } = await import("@/lib/api/client-ip");
    const at = (value: string) => clientIp(withForwardedFor(new Request(APP_URL), value));
    setTrustedProxies("10.0.0.0/8, 192.0.2.7,fd00::/8");
    try {
      assert.equal(at("203.0.113.9, 198.51.100.4, 10.1.1.1, 192.0.2.7"), "198.51.100.4");
      assert.equal(at("198.51.100.4, ::ffff:10.0.0.3"), "198.51.100.4", "an IPv4-mapped proxy address matches its IPv4 range");
      assert.equal(at("2001:db8::5, fd12::1"), "2001:db8::5");
      assert.equal(at("198.51.100.4, 192.0.2.8"), "192.0.2.8", "an address next to a trusted one is not trusted");
      assert.equal(at("10.2.2.2, 10.1.1.1"), "10.2.2.2", "only our proxies in the chain: the request began at one of them");
    } finally {
      setTrustedProxies(undefined);
    }
  });

  test("an invalid TRUSTED_PROXIES is refused at start-up with a message naming it and the bad entries", () => {
    for (const value of ["10.0.0.0/8, proxy.internal", "10.0.0.0/33", "300.1.1.1", "10.0.0.1/8/2", "::1/129", "10.0.0.0/-1"]) {
      assert.throws(
        () => parseEnv({ NODE_ENV: "test", TRUSTED_PROXIES: value }),
        (error: unknown) => error instanceof ConfigError && /TRUSTED_PROXIES/.test(error.message) && error.message.includes(value.split(",").at(-1)!.trim()),
        value,
      );
    }
    assert.deepEqual(parseEnv({ NODE_ENV: "test", TRUSTED_PROXIES: " 127.0.0.1 , 10.0.0.0/8,::1, fd00::/8 " }).TRUSTED_PROXIES, [
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
    ]);
    assert.deepEqual(parseEnv({ NODE_ENV: "test" }).TRUSTED_PROXIES, []);
    assert.deepEqual(parseEnv({ NODE_ENV: "test", TRUSTED_PROXIES: "" }).TRUSTED_PROXIES, []);
  });

  test("submissions: a spoofed leftmost X-Forwarded-For does not escape the limit (20 an hour per address)", async () => {
    const client = "198.51.100.20";
    for (let i = 1; i <= 20; i++) {
      const response = await guestSubmission(withForwardedFor(submission(), `${spoofed()}, ${client}`));
      assert.notEqual(response.status, 429, `request ${i}`);
    }
    const refused = await guestSubmission(withForwardedFor(submission(), `${spoofed()}, ${client}`));
    assert.equal(refused.status, 429);
    assert.match(refused.headers.get("retry-after") ?? "", /^\d+$/);
    // Keyed on the rightmost address: a spoofed one equal to the limited address changes nothing for anyone else.
    const other = await guestSubmission(withForwardedFor(submission(), `${client}, 198.51.100.21`));
    assert.notEqual(other.status, 429);
  });

  test("IPv6: an address is counted with its /64 network (else a /64 would give 2^64 fresh addresses)", async () => {
    for (let i = 1; i <= 20; i++) {
      const response = await guestSubmission(withForwardedFor(submission(), `2001:db8:1:2:${i.toString(16)}::${i}`));
      assert.notEqual(response.status, 429, `request ${i}`);
    }
    assert.equal((await guestSubmission(withForwardedFor(submission(), "2001:db8:1:2:ffff:ffff:ffff:ffff"))).status, 429);
    assert.notEqual((await guestSubmission(withForwardedFor(submission(), "2001:db8:1:3::1"))).status, 429, "the next /64 is someone else");
  });

  test("sign-in (Better Auth's limit): a spoofed leftmost X-Forwarded-For does not escape it (10 a minute)", async () => {
    const client = "198.51.100.30";
    for (let i = 1; i <= 10; i++) {
      const response = await auth(withForwardedFor(signIn(), `${spoofed()}, ${client}`));
      assert.equal(response.status, 401, `request ${i}: ${await response.clone().text()}`);
    }
    const refused = await auth(withForwardedFor(signIn(), `${spoofed()}, ${client}`));
    assert.equal(refused.status, 429);
    // A header of the app's own name sent by the client is overwritten, not believed.
    const forged = withForwardedFor(signIn(), client);
    forged.headers.set("x-afyabridge-client-ip", "198.51.100.99");
    assert.equal((await auth(forged)).status, 429);
    assert.equal((await auth(withForwardedFor(signIn(), `${client}, 198.51.100.31`))).status, 401, "another address is not limited");
  });

  test("sign-in behind trusted proxies: the limit follows the client's address, whichever proxy it came through", async () => {
    setTrustedProxies("10.0.0.0/8");
    try {
      const client = "198.51.100.40";
      for (let i = 1; i <= 10; i++) {
        const response = await auth(withForwardedFor(signIn(), `${spoofed()}, ${client}, 10.0.${i}.1, 10.9.9.9`));
        assert.equal(response.status, 401, `request ${i}`);
      }
      assert.equal((await auth(withForwardedFor(signIn(), `${client}, 10.0.0.1`))).status, 429);
      assert.equal(
        (await auth(withForwardedFor(signIn(), `${client}, 198.51.100.41, 10.0.0.1`))).status,
        401,
        "another client behind the same proxy is not limited",
      );
    } finally {
      setTrustedProxies(undefined);
    }
  });

  test("the session row records the client's address, not what the client wrote", async () => {
    const browser = new Browser();
    const signUp = await auth(
      browser.request("/api/auth/sign-up/email", {
        json: { name: "Ip Check", username: "ipcheck", email: "ip.check@example.com", password: "correct horse battery" },
      }),
    );
    assert.equal(signUp.status, 200, await signUp.clone().text());
    const request = withForwardedFor(
      browser.request("/api/auth/sign-in/email", { json: { email: "ip.check@example.com", password: "correct horse battery" } }),
      "192.0.2.55, 198.51.100.50",
    );
    request.headers.set("x-afyabridge-client-ip", "192.0.2.66");
    const response = browser.remember(await auth(request));
    assert.equal(response.status, 200, await response.clone().text());
    const { db } = await import("@/lib/db");
    const sessions = await db().session.findMany({ where: { user: { email: "ip.check@example.com" } } });
    assert.deepEqual(
      sessions.map((s) => s.ipAddress),
      ["198.51.100.50"],
    );

    // Signing in again from behind a trusted proxy records the client, not the proxy.
    setTrustedProxies("10.0.0.0/8");
    try {
      const signInBrowser = new Browser();
      const again = withForwardedFor(
        signInBrowser.request("/api/auth/sign-in/email", { json: { email: "ip.check@example.com", password: "correct horse battery" } }),
        "192.0.2.1, 198.51.100.51, 10.0.0.2",
      );
      assert.equal((await auth(again)).status, 200);
      const addresses = (await db().session.findMany({ where: { user: { email: "ip.check@example.com" } }, orderBy: { createdAt: "asc" } })).map(
        (s) => s.ipAddress,
      );
      assert.deepEqual(addresses, ["198.51.100.50", "198.51.100.51"]);
    } finally {
      setTrustedProxies(undefined);
    }
  });
});
