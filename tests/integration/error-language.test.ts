import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { IntlMessageFormat } from "intl-messageformat";
import arabic from "@/messages/ar.json";
import english from "@/messages/en.json";
import { Browser, useFreshApp } from "./support/app";

/*
 * An API refusal answers `{ error, code, field }`: the code and field are the same in every language,
 * `error` is the code's text in the request's language (the page it came from, the NEXT_LOCALE
 * cookie, or Accept-Language).
 */
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

let verify: Handler;
let auth: Handler;

const wrongCode = { trackingNumber: "SUB-20990101-ABCDEFGHJK", email: "nobody@example.com", code: "123456" };

function textStream(text: string): ReadableStream<Uint8Array> {
  return new Blob([text]).stream();
}

function post(handler: Handler, pathname: string, json: unknown, headers: Record<string, string>) {
  const browser = new Browser();
  return handler(browser.request(pathname, { json, headers }));
}

describe("error answers in the request's language", () => {
  before(async () => {
    await useFreshApp();
    verify = (await import("@/app/api/track/verify/route")).POST as Handler;
    auth = (await import("@/app/api/auth/[...all]/route")).POST as Handler;
  });
  after(async () => (await import("@/lib/db")).db().$disconnect());

  for (const [label, headers] of [
    ["Accept-Language: ar", { "accept-language": "ar,en;q=0.5" }],
    ["the NEXT_LOCALE=ar cookie", { cookie: "NEXT_LOCALE=ar" }],
  ] as const)
    test(`a domain error (wrong tracking code) with ${label}: Arabic text, the code, the field`, async () => {
      const response = await post(verify, "/api/track/verify", wrongCode, headers);
      assert.equal(response.status, 400);
      assert.deepEqual(await response.json(), { error: arabic.errors.tracking_code_invalid, code: "tracking_code_invalid", field: "code" });
    });

  test("the same request without a language preference answers English", async () => {
    const response = await post(verify, "/api/track/verify", wrongCode, {});
    assert.deepEqual(await response.json(), { error: english.errors.tracking_code_invalid, code: "tracking_code_invalid", field: "code" });
  });

  test("the handler's own refusals (no session, a body that is not JSON) answer in Arabic too", async () => {
    const consent = (await import("@/app/api/consent/route")).POST as Handler;
    const unauthenticated = await post(consent, "/api/consent", { consentType: "recording", granted: true }, { "accept-language": "ar" });
    assert.equal(unauthenticated.status, 401);
    assert.deepEqual(await unauthenticated.json(), { error: arabic.errors.sign_in_required, code: "sign_in_required" });
    const browser = new Browser();
    const notJson = await verify(
      browser.request("/api/track/verify", { body: textStream("{not json"), contentType: "application/json", headers: { "accept-language": "ar" } }),
    );
    assert.equal(notJson.status, 400);
    assert.deepEqual(await notJson.json(), { error: arabic.errors.invalid_json, code: "invalid_json" });
  });

  test("Better Auth's refusal (password too short) answers the Arabic text, keeps Better Auth's code and names the field", async () => {
    const response = await post(
      auth,
      "/api/auth/sign-up/email",
      { name: "Amina Diallo", username: "amina_short", email: "amina-short@example.com", password: "short" },
      { "accept-language": "ar" },
    );
    assert.equal(response.status, 400);
    const text = new IntlMessageFormat(arabic.errors.password_too_short, "ar").format({ minimum: 10 });
    assert.deepEqual(await response.json(), { error: text, code: "PASSWORD_TOO_SHORT", field: "password" });
  });
});
