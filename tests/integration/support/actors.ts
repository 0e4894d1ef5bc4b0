import assert from "node:assert/strict";
import { Browser } from "./app";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields } from "./multipart";
import { secretFromTotpUri, totpCode } from "../../support/totp";

/**
 * The people of a care-coordination test, each with their own browser (cookie jar and address):
 * patients and admins signed up (and signed in) through the real auth routes, partners tied to one hospital.
 * Call after `useFreshApp()`.
 */
export const PASSWORD = "correct horse battery";

export interface Actor {
  browser: Browser;
  id: string;
  email: string;
  name: string;
  /** The authenticator-app secret, once two-factor authentication is set up. */
  totpSecret?: string;
  /** The code that confirmed the set-up (already used: it cannot sign in again). */
  totpSetUpCode?: string;
}

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function route(path: string): Promise<Handler> {
  return (await import(path)).POST as Handler;
}

/** A JSON call on a route handler, remembering cookies as a browser would. */
export async function callRoute(
  browser: Browser,
  handler: Handler,
  pathname: string,
  options: { json?: unknown; method?: string; params?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const request = browser.request(pathname, { json: options.json, method: options.method, headers: options.headers });
  return browser.remember(await handler(request, options.params ? { params: Promise.resolve(options.params) } : undefined));
}

let counter = 0;
/** A number as letters (1 = "A", 27 = "AA"): account names may not contain digits. */
const letters = (n: number): string => (n > 26 ? letters(Math.floor((n - 1) / 26)) : "") + String.fromCharCode(65 + ((n - 1) % 26));

export async function signUpPatient(name = `Patient${letters(++counter)}`): Promise<Actor> {
  const browser = new Browser();
  const email = `${name.toLowerCase()}-${Date.now().toString(36)}${counter}@example.com`;
  const auth = await route("@/app/api/auth/[...all]/route");
  const response = await callRoute(browser, auth, "/api/auth/sign-up/email", {
    json: { name, username: email.split("@")[0].replace(/[^a-z0-9_.]/g, "_"), email, password: PASSWORD },
  });
  assert.equal(response.status, 200, await response.clone().text());
  // Sign-up opens no session (it answers the same whether or not the e-mail has an account): sign in.
  const signIn = await callRoute(browser, auth, "/api/auth/sign-in/email", { json: { email, password: PASSWORD } });
  assert.equal(signIn.status, 200, await signIn.clone().text());
  const { db } = await import("@/lib/db");
  const user = await db().user.findUniqueOrThrow({ where: { email } });
  return { browser, id: user.id, email, name };
}

/**
 * Sets up two-factor authentication as the security page does (password, then a code from the
 * authenticator app); returns the backup codes.
 */
export async function enrollTwoFactor(actor: Actor, password = PASSWORD): Promise<string[]> {
  const auth = await route("@/app/api/auth/[...all]/route");
  const enable = await callRoute(actor.browser, auth, "/api/auth/two-factor/enable", { json: { password } });
  assert.equal(enable.status, 200, await enable.clone().text());
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  actor.totpSecret = secretFromTotpUri(totpURI);
  actor.totpSetUpCode = totpCode(actor.totpSecret);
  const verify = await callRoute(actor.browser, auth, "/api/auth/two-factor/verify-totp", { json: { code: actor.totpSetUpCode } });
  assert.equal(verify.status, 200, await verify.clone().text());
  return backupCodes;
}

/** Gives an account a staff role as staff accounts really are: with two-factor authentication set up. */
export async function makeStaff(actor: Actor, role: "admin" | "partner", hospitalId?: string): Promise<Actor> {
  await enrollTwoFactor(actor);
  const { db } = await import("@/lib/db");
  await db().user.update({ where: { id: actor.id }, data: { role, hospitalId: hospitalId ?? null } });
  return actor;
}

/** An admin whose dashboard is unlocked in this browser session. */
export async function signUpAdmin(name = `Admin${letters(++counter)}`): Promise<Actor> {
  const actor = await makeStaff(await signUpPatient(name), "admin");
  const unlock = await route("@/app/api/admin/unlock/route");
  const response = await callRoute(actor.browser, unlock, "/api/admin/unlock", { json: { password: PASSWORD } });
  assert.equal(response.status, 200, await response.clone().text());
  return actor;
}

/** A partner user of one hospital (as an accepted invitation makes one). */
export async function signUpPartner(hospitalId: string, name = `Partner${letters(++counter)}`): Promise<Actor> {
  return makeStaff(await signUpPatient(name), "partner", hospitalId);
}

/** A submission made through the real signed-in route, owned by `patient`; returns its id and tracking number. */
export async function submitCase(patient: Actor, overrides: Record<string, string | undefined> = {}): Promise<{ id: string; trackingNumber: string }> {
  const handler = (await import("@/app/api/my-submissions/route")).POST as Handler;
  const body = multipartBody([
    ...validFields({ email: patient.email, ...overrides }),
    { name: "files", file: { name: "scan.pdf", type: "application/pdf", data: samples.pdf() } },
  ]);
  const response = patient.browser.remember(
    await handler(patient.browser.request("/api/my-submissions", { body: toStream(body), contentType: MULTIPART_TYPE })),
  );
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()) as { id: string; trackingNumber: string };
}

/** A date `days` from today, as the plan form sends it (YYYY-MM-DD). */
export const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** A complete, valid treatment plan as a partner hospital sends it. */
export const validPlan = () => ({
  diagnosisSummary: "Severe osteoarthritis of the right knee (Kellgren-Lawrence grade IV).",
  proposedTreatment: "Total knee replacement with a cemented implant.",
  included: "Surgery, 5 nights in hospital, physiotherapy, airport transfer, interpreter.",
  lengthOfStayDays: 10,
  priceMin: 7000,
  priceMax: 9000,
  currency: "EUR",
  validUntil: inDays(30),
  leadDoctor: "Prof. Dr. Mehmet Yılmaz",
  message: "We look forward to welcoming you.",
});
