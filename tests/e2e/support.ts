import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type APIResponse, type Locator, type Page, type Response } from "@playwright/test";
import { secretFromTotpUri, totpCode } from "../support/totp";

export { totpCode };

/**
 * Collects what the browser reports as Content-Security-Policy violations on this page, across
 * navigations: `securitypolicyviolation` events and console errors naming the policy.
 *
 * One report is left out: zod 4 tries `new Function("")` once when its first object schema loads, to
 * learn whether it may compile validators; it catches the refusal and validates without compiled code,
 * but the browser still reports the attempt. `z.config({ jitless: true })` before any schema loads
 * (instrumentation-client.ts) turns the probe off; then this exception should go.
 */
/** The response's one Content-Security-Policy, as directive name -> sources. */
export async function policyOf(response: Response | APIResponse): Promise<Map<string, string[]>> {
  const values = (await response.headersArray()).filter(({ name }) => name.toLowerCase() === "content-security-policy").map(({ value }) => value);
  expect(values, response.url()).toHaveLength(1);
  return new Map(
    values[0].split(";").map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** The phone menu's toggle in the header: a <summary>, which works before and without the page's scripts. */
export const menuToggle = (page: Page) => page.getByRole("banner").getByTestId("menu-toggle");

/** Resolves once React has taken the header over (it keeps its node on each element it hydrates). */
export async function headerHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const toggle = document.querySelector('header [data-testid="menu-toggle"]');
    return !!toggle && Object.keys(toggle).some((key) => key.startsWith("__reactFiber$"));
  });
}

/**
 * A text page starts its scripts only when a visitor takes a control that needs them
 * (scripts/static-page-hashes.mjs): this does what such a visitor does first, focusing the language
 * selector, and waits for React.
 */
export async function startPageScripts(page: Page): Promise<void> {
  await page.getByTestId("language-selector").focus();
  await headerHydrated(page);
}

/**
 * Holds back every script the page asks for until the returned function is called: the page shows before
 * its scripts run (docs/decisions/028-paint-before-scripts.md), as on a slow link.
 */
export async function holdPageScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportPolicyViolation", (violation: string) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportPolicyViolation: (violation: string) => void }).reportPolicyViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} on ${event.documentURI}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /content.security.policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * The newest message containing `text` in the app's development outbox (SMTP is not configured in
 * the tests). Mail is sent after the response, so this waits for it a little.
 */
export async function waitForMail(text: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const mail = existsSync(outbox)
      ? readdirSync(outbox)
          .sort()
          .map((name) => readFileSync(path.join(outbox, name), "utf8"))
          .filter((message) => message.includes(text))
          .pop()
      : undefined;
    if (mail) return mail;
  }
  throw new Error(`No e-mail containing ${text} arrived in ${outbox}`);
}

/** Bytes that the server recognises as each accepted type. */
export const fileSamples = {
  pdf: (label: string) => ({ name: `${label}.pdf`, mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(3000, 7)]) }),
  dicom: (label: string) => ({
    name: label,
    mimeType: "application/octet-stream",
    buffer: Buffer.concat([Buffer.alloc(128), Buffer.from("DICM"), Buffer.alloc(2000, 1)]),
  }),
  png: (label: string) => ({
    name: `${label}.png`,
    mimeType: "image/png",
    buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(800, 3)]),
  }),
  exe: (label: string) => ({
    name: `${label}.pdf`,
    mimeType: "application/pdf",
    buffer: Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), Buffer.alloc(800, 0)]),
  }),
};

/** A documentation-range client address, as the reverse proxy would report it for one visitor. */
function clientAddress(): string {
  return `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
}

/** The value playwright.config.ts gives the server in ADMIN_SETUP_KEY. */
export const ADMIN_SETUP_KEY = "e2e-admin-setup-key-e2e-admin-setup-key";

/**
 * Promotes an account to admin with the setup key. Setup attempts are rate-limited per client address
 * (5 an hour), and the whole suite runs from one machine: each call comes from its own address.
 */
function grantAdminThroughApi(request: APIRequestContext, email: string) {
  return request.post("/api/admin/setup", { data: { email, adminKey: ADMIN_SETUP_KEY }, headers: { "x-forwarded-for": clientAddress() } });
}

/** A run id made fit for a person's name, which may not contain digits ("lq3x9" becomes "lqdxj"). */
export const lettersOnly = (tag: string) => tag.replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]);

export async function signUpThroughApi(request: APIRequestContext, name: string) {
  const id = `${name.toLowerCase()}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const account = { name, username: id, email: `${id}@example.com`, password: "correct horse battery" };
  // Sign-ups are rate-limited per client address (10 a minute); the whole suite runs from one machine,
  // so each API sign-up comes from its own documentation-range address, as behind the reverse proxy.
  const address = clientAddress();
  const response = await request.post("/api/auth/sign-up/email", { data: account, headers: { "x-forwarded-for": address } });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  // Sign-up opens no session (it answers alike for new and taken e-mails): sign in, as the form asks.
  const signIn = await request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: { "x-forwarded-for": address },
  });
  if (!signIn.ok()) throw new Error(`sign-in after sign-up failed: ${signIn.status()} ${await signIn.text()}`);
  return account;
}

/**
 * Sets up two-factor authentication through the auth API, as the security page does; returns the
 * authenticator secret. Each call from its own address, like the sign-ups (the auth routes are
 * rate-limited per address).
 */
export async function enrollTwoFactorThroughApi(request: APIRequestContext, password: string): Promise<string> {
  const headers = { "x-forwarded-for": clientAddress() };
  const enable = await request.post("/api/auth/two-factor/enable", { data: { password }, headers });
  if (!enable.ok()) throw new Error(`two-factor set-up failed: ${enable.status()} ${await enable.text()}`);
  const secret = secretFromTotpUri(((await enable.json()) as { totpURI: string }).totpURI);
  const verify = await request.post("/api/auth/two-factor/verify-totp", { data: { code: totpCode(secret) }, headers });
  if (!verify.ok()) throw new Error(`two-factor confirmation failed: ${verify.status()} ${await verify.text()}`);
  return secret;
}

/** Makes the signed-in account of `request` an admin with the setup key, with two-factor set up as admins must. */
export async function becomeAdminThroughApi(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const granted = await grantAdminThroughApi(request, account.email);
  if (!granted.ok()) throw new Error(`admin set-up failed: ${granted.status()} ${await granted.text()}`);
  return enrollTwoFactorThroughApi(request, account.password);
}

/** On /account/security: sets up two-factor with the authenticator key the page shows; returns the key. */
export async function setUpTwoFactorInPage(page: Page, password: string): Promise<string> {
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByRole("img", { name: "QR code to add AfyaBridge to your authenticator app" })).toBeVisible();
  // Shown in groups of four, as a person types it.
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  await page.getByLabel("6-digit code").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  return secret;
}

/** Makes the signed-in account of `request` an admin with the setup key, without setting up two-factor (as a new admin is before their next visit). */
export async function grantAdminWithoutTwoFactorThroughApi(request: APIRequestContext, email: string): Promise<void> {
  const granted = await grantAdminThroughApi(request, email);
  if (!granted.ok()) throw new Error(`admin set-up failed: ${granted.status()} ${await granted.text()}`);
}

/**
 * Through the API, as on the partners page: the (unlocked) admin `admin` invites a partner user of
 * `hospitalId`; the partner accepts the e-mailed invitation in `partner` (a fresh request context,
 * signed in afterwards) and, unless `twoFactor` is false, sets up two-factor authentication.
 */
export async function invitePartnerThroughApi(
  admin: APIRequestContext,
  partner: APIRequestContext,
  hospitalId: string,
  label: string,
  options: { twoFactor?: boolean } = {},
): Promise<{ username: string; email: string; password: string; secret: string | null }> {
  const username = `${label.toLowerCase()}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `${username}@example.com`;
  const password = "a strong partner password";
  const invited = await admin.post("/api/admin/partners", { data: { name: `Dr ${label}`, email, hospitalId } });
  if (invited.status() !== 201) throw new Error(`invitation failed: ${invited.status()} ${await invited.text()}`);
  // The e-mail is quoted-printable: undo soft line breaks and the encoded "=".
  const mail = (await waitForMail(email)).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const token = mail.match(/token=([A-Za-z0-9_-]{43})/)![1];
  const accepted = await partner.post("/api/partner/invitations/accept", {
    data: { token, username, password },
    headers: { "x-forwarded-for": clientAddress() },
  });
  if (accepted.status() !== 201) throw new Error(`accepting the invitation failed: ${accepted.status()} ${await accepted.text()}`);
  const secret = options.twoFactor === false ? null : await enrollTwoFactorThroughApi(partner, password);
  return { username, email, password, secret };
}

/** A guest's case through the public form's API, with one PDF; every field that identifies the patient is `name`- and `email`-based. */
export async function submitGuestCaseThroughApi(
  request: APIRequestContext,
  patient: { name: string; email: string; condition: string; specialty?: string; urgency?: string },
): Promise<{ id: string; trackingNumber: string }> {
  const response = await request.post("/api/medical-submissions", {
    multipart: {
      name: patient.name,
      email: patient.email,
      homeCountry: "Nigeria",
      medicalCondition: patient.condition,
      specialty: patient.specialty ?? "cardiology",
      urgency: patient.urgency ?? "urgent",
      preferredCountries: JSON.stringify(["Turkey"]),
      budget: "5k-15k",
      consent: "true",
      consentFullName: patient.name,
      consentEmail: patient.email,
      consentDate: "2026-11-22",
      files: fileSamples.pdf("referral-letter"),
    },
    headers: { "x-forwarded-for": clientAddress() },
  });
  if (response.status() !== 201) throw new Error(`submission failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string; trackingNumber: string };
}

/** A signed-in patient's case with one file, sent as API clients send it (one multipart request). */
export async function submitRecordsThroughApi(
  request: APIRequestContext,
  patient: { name: string; email: string },
  case_: { medicalCondition: string; specialty: string },
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<{ id: string; trackingNumber: string }> {
  const upload = await request.post("/api/my-submissions", {
    multipart: {
      name: patient.name,
      email: patient.email,
      homeCountry: "Nigeria",
      medicalCondition: case_.medicalCondition,
      specialty: case_.specialty,
      urgency: "standard",
      preferredCountries: JSON.stringify(["Turkey"]),
      consent: "true",
      consentFullName: patient.name,
      consentEmail: patient.email,
      consentDate: "2026-11-22",
      files: file,
    },
  });
  if (upload.status() !== 201) throw new Error(`the submission answered ${upload.status()}: ${await upload.text()}`);
  return (await upload.json()) as { id: string; trackingNumber: string };
}

/**
 * Touches a form as a visitor does first (a tap on its first field's label, which focuses the field) and
 * waits until React has taken it over: a form's page starts its scripts when the form is used
 * (scripts/static-page-hashes.mjs). Until React has it, a form takes typing but not a press of Send
 * (docs/decisions/035-form-pages-start-scripts-on-use.md).
 */
export async function touchForm(form: Locator): Promise<Locator> {
  await form.locator("fieldset label").first().click();
  await expect.poll(() => form.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")))).toBe(true);
  return form;
}

/** Touches the records form on the current page and waits until React has it (its consent box, which waits for React, is enabled). */
export async function recordsFormReady(page: Page): Promise<Locator> {
  const form = await touchForm(recordsForm(page));
  await expect(form.locator("#records-consent")).toBeEnabled();
  return form;
}

/** The records form on the current page (the one with the consent's e-mail field). */
export const recordsForm = (page: Page) => page.locator("form").filter({ has: page.locator("#records-consentEmail") });

/** The records form on the current page with its required fields filled (and the optional ones the specs check); the consent box is left to the spec. */
export async function fillRecordsForm(page: Page, values: { name?: string; email?: string }) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Submit Medical Records" }) });
  if (values.name) await form.getByLabel(/^Name( \*)?$/).fill(values.name);
  if (values.email) await form.getByLabel(/^Email( \*)?$/).fill(values.email);
  await form.getByLabel("Home country").fill("Nigeria");
  await form.getByLabel("Medical condition").fill("Coronary artery disease");
  await form.getByLabel("Specialty").selectOption("cardiology");
  await form.getByLabel("Urgency").selectOption("urgent");
  await form.getByLabel("Preferred Treatment Countries").selectOption("Both");
  await form.getByLabel("Budget (USD)").selectOption("5k-15k");
  await form.getByLabel("Full name").fill(values.name ?? "Amina Bello");
  await form.getByLabel("Consent email").fill(values.email ?? "amina@example.com");
  return form;
}
