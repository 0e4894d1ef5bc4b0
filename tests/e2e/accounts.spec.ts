import { expect, test, type Page } from "@playwright/test";
import { enrollTwoFactorThroughApi, holdPageScripts, signUpThroughApi } from "./support";

async function signUpInPage(page: Page, account: { username: string; email: string; password: string }) {
  await page.goto("/simple-signup.html");
  await page.getByLabel("Full name").fill("Amina Bello");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  const done = page.getByRole("main").getByRole("status");
  await expect(done).toContainText("Thank you. Now sign in");
  return done;
}

async function signInInPage(page: Page, identifier: string, password: string) {
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a patient signs up, signs in, sees the welcome line with their name (not their username), logs out and signs in again", async ({ page }) => {
  const id = Date.now().toString(36);
  const username = `amina_${id}`;
  const email = `amina.${id}@example.com`;
  const password = "correct horse battery";

  const done = await signUpInPage(page, { username, email, password });
  await done.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/simple-login\.html/);
  await signInInPage(page, email, password);

  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Welcome, Amina Bello" })).toBeVisible();
  await expect(header.getByRole("link", { name: `Welcome, ${username}` })).toHaveCount(0);

  await header.getByRole("button", { name: "Logout" }).click();
  await expect(header.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Welcome, Amina Bello" })).toHaveCount(0);
  const me = await page.request.get("/api/auth/me");
  expect(await me.json()).toEqual({ isAuthenticated: false, user: null });

  await header.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/simple-login\.html/);
  await signInInPage(page, email, password);
  await expect(header.getByRole("link", { name: "Welcome, Amina Bello" })).toBeVisible();
});

test("sign-up with an e-mail that has an account shows exactly what a new sign-up shows, and signs nobody in", async ({ page }) => {
  const id = Date.now().toString(36);
  const email = `taken.${id}@example.com`;
  const fresh = await signUpInPage(page, { username: `first_${id}`, email, password: "correct horse battery" });
  const freshText = await fresh.textContent();
  const again = await signUpInPage(page, { username: `second_${id}`, email, password: "another long password" });
  expect(await again.textContent()).toBe(freshText);
  expect(await (await page.request.get("/api/auth/me")).json()).toEqual({ isAuthenticated: false, user: null });
});

test("sign-up shows clear messages for bad input", async ({ page }) => {
  await page.goto("/simple-signup.html");
  await page.getByLabel("Full name").fill("Musa Ibrahim");
  await page.getByLabel("Username").fill("musa");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByText("Your password must have at least 10 characters.")).toBeVisible();
});

test("wrong credentials get one message that does not reveal the account", async ({ page }) => {
  await page.goto("/simple-login.html");
  await page.getByLabel("Email or username").fill("nobody@example.com");
  await page.getByLabel("Password").fill("wrong password 123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The email, username or password is incorrect.");
});

test("a sign-in typed before the page's scripts have run is kept, waits for them, and signs in once they have", async ({ page, request }) => {
  const account = await signUpThroughApi(request, "Ngozi");
  // Held back until the visitor has typed and pressed Enter.
  const release = await holdPageScripts(page);
  await page.goto("/simple-login.html", { waitUntil: "commit" });
  const signIn = page.getByRole("button", { name: "Sign In" });
  await expect(signIn).toBeDisabled();
  await page.getByLabel("Email or username").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  const posts: string[] = [];
  page.on("request", (sent) => void (sent.method() === "POST" && posts.push(new URL(sent.url()).pathname)));
  await page.getByLabel("Password").press("Enter");
  // Enabled, the button would have posted the page itself, which answers with the same page, emptied.
  await page.waitForTimeout(1000);
  expect(posts).toEqual([]);

  release();
  await expect(signIn).toBeEnabled();
  await expect(page.getByLabel("Email or username")).toHaveValue(account.email);
  await signIn.click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Ngozi" })).toBeVisible();
});

test("after sign-in the user returns where they came from; /login leads to the sign-in page", async ({ page }) => {
  const id = Date.now().toString(36);
  await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Chidi Okafor", username: `chidi_${id}`, email: `chidi.${id}@example.com`, password: "correct horse battery" },
  });
  await page.context().clearCookies();
  await page.goto("/login?next=/about");
  await expect(page).toHaveURL(/\/simple-login\.html\?next=%2Fabout/);
  await page.getByLabel("Email or username").fill(`chidi_${id}`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test("a return path that normalises to another site is not followed after sign-in", async ({ page, baseURL }) => {
  const id = Date.now().toString(36);
  await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Ifeoma Nwosu", username: `ifeoma_${id}`, email: `ifeoma.${id}@example.com`, password: "correct horse battery" },
  });
  await page.context().clearCookies();
  // new URL("/.//evil.example", base).pathname is "//evil.example": another host to the browser.
  await page.goto("/simple-login.html?next=" + encodeURIComponent("/.//evil.example/journey"));
  await page.getByLabel("Email or username").fill(`ifeoma_${id}`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseURL}/journey`);
});

test("languages: French at /fr with the choice remembered, Arabic right to left", async ({ page }) => {
  await page.goto("/fr/simple-login.html");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await page.goto("/");
  await expect(page).toHaveURL(/\/fr$/);
  await page.getByTestId("language-selector").selectOption("ar");
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByTestId("language-selector").selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown path shows 'Page Not Found' with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

/**
 * Turning on two-factor replaces the browser's session with a new one. A request the browser sent just
 * before (the header's session check, the bell's poll) is answered just after: it is answered as signed
 * out, and must not clear the session cookie, which by then holds the new session (lib/auth/session.ts).
 */
test("the answer to a request sent with the session that turning on two-factor replaced leaves the browser signed in", async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await signUpThroughApi(page.request, "Bisi");
  const replaced = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("better-auth.session_token"));
  expect(replaced).toBeTruthy();
  await enrollTwoFactorThroughApi(page.request, account.password);

  const sentBefore = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `${replaced!.name}=${replaced!.value}` } });
  for (const address of ["/api/auth/me", "/api/notifications?locale=en"]) {
    const late = await sentBefore.get(address);
    expect(
      late.headersArray().filter(({ name, value }) => name.toLowerCase() === "set-cookie" && value.includes("session_token")),
      address,
    ).toEqual([]);
  }
  expect(await (await sentBefore.get("/api/auth/me")).json()).toEqual({ isAuthenticated: false, user: null });
  await sentBefore.dispose();

  const me = await (await page.request.get("/api/auth/me")).json();
  expect(me.isAuthenticated).toBe(true);
  await page.goto("/account");
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Bisi" })).toBeVisible();
});
