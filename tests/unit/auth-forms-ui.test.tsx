import { fetchCall, jsonAnswer as json } from "./json-answer";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import en from "@/messages/en.json";
import { SignInForm, SignUpForm } from "@/components/auth/auth-forms";
import { clientMessages } from "@/lib/i18n/client-messages";

const push = jest.fn();
jest.mock("@/lib/i18n/navigation", () => ({
  useRouter: () => ({ push, refresh: jest.fn() }),
  Link: ({ href, children, ...props }: { href: string | { pathname: string; query?: Record<string, string> }; children: React.ReactNode }) => (
    <a href={typeof href === "string" ? href : `${href.pathname}?${new URLSearchParams(href.query)}`} {...props}>
      {children}
    </a>
  ),
}));
jest.mock("@/client/use-session", () => ({ refreshSession: jest.fn(() => Promise.resolve(null)) }));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  push.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  window.history.replaceState(null, "", "/simple-signup.html?next=%2Fupload");
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function show(ui: React.ReactNode) {
  return render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={clientMessages(en, ["errors", "nameRules", "twoFactor", "accountProtection.form"])}>
      {ui}
    </NextIntlClientProvider>,
  );
}

describe("sign-up and sign-in forms", () => {
  it("after sign-up: the same words for a new and a taken e-mail, a link to sign in, no session assumed", async () => {
    const texts: string[] = [];
    for (const userId of ["real-new-user", "made-up-user-for-a-taken-email"]) {
      fetchMock.mockReturnValueOnce(json({ token: null, user: { id: userId, email: "amina@example.com", name: "Amina" } }));
      const { unmount } = show(<SignUpForm />);
      type("Full name", "Amina Bello");
      type("Username", "amina_b");
      type("Email", "amina@example.com");
      type("Password", "mango river lantern 42");
      fireEvent.click(screen.getByRole("button", { name: en.auth.createAccount }));
      const done = await screen.findByRole("status");
      expect(done).toHaveTextContent(en.accountProtection.form.signUpDoneTitle);
      expect(done).toHaveTextContent("amina@example.com");
      expect(screen.getByRole("link", { name: en.accountProtection.form.signUpDoneSignIn })).toHaveAttribute("href", "/simple-login.html?next=%2Fupload");
      texts.push(done.textContent ?? "");
      unmount();
    }
    expect(texts[0]).toBe(texts[1]);
    expect(push).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchCall(fetchMock, 0)).toEqual({
      path: "/api/auth/sign-up/email",
      method: "POST",
      body: { name: "Amina Bello", username: "amina_b", displayUsername: "amina_b", email: "amina@example.com", password: "mango river lantern 42" },
    });
  });

  it("shows the schema's refusals only after an attempt, and puts the server's refusal on its field with the focus there", async () => {
    show(<SignUpForm />);
    expect(screen.queryByText(en.auth.errors.usernameInvalid)).toBeNull();
    type("Username", "a");
    expect(screen.queryByText(en.auth.errors.usernameInvalid)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: en.auth.createAccount }));
    expect(await screen.findByText(en.auth.errors.usernameInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    // lib/auth/errors.ts answers Better Auth's refusals as { error, code } with a 400.
    fetchMock.mockReturnValueOnce(json({ error: "Password is too common", code: "PASSWORD_TOO_COMMON" }, 400));
    type("Full name", "Amina Bello");
    type("Username", "amina_b");
    type("Email", "amina@example.com");
    type("Password", "mango river lantern 42");
    fireEvent.click(screen.getByRole("button", { name: en.auth.createAccount }));
    const password = screen.getByLabelText("Password");
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining(en.auth.errors.passwordTooCommon)));
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute("aria-invalid", "true");
  });

  it("signs in by username, and asks for the code when the account has two-factor authentication", async () => {
    fetchMock.mockReturnValueOnce(json({ twoFactorRedirect: true, twoFactorMethods: ["totp"] }));
    show(<SignInForm />);
    type("Email or username", "amina_b");
    type("Password", "mango river lantern 42");
    fireEvent.click(screen.getByRole("button", { name: en.auth.signIn }));
    expect(await screen.findByRole("heading", { name: en.twoFactor.challengeTitle })).toBeInTheDocument();
    expect(fetchCall(fetchMock, 0)).toEqual({
      path: "/api/auth/sign-in/username",
      method: "POST",
      body: { username: "amina_b", password: "mango river lantern 42" },
    });
    expect(push).not.toHaveBeenCalled();
  });

  it("a locked account's sign-in says so, in the reader's words", async () => {
    fetchMock.mockReturnValueOnce(json({ error: "Too many failed sign-ins", code: "ACCOUNT_SIGN_IN_LOCKED" }, 429));
    show(<SignInForm />);
    type("Email or username", "amina@example.com");
    type("Password", "mango river lantern 42");
    fireEvent.click(screen.getByRole("button", { name: en.auth.signIn }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.accountProtection.form.signInLocked);
  });

  it("pages receive only the form part of the namespace, never the e-mail texts", () => {
    const picked = clientMessages(en, ["accountProtection.form"]) as Record<string, Record<string, unknown>>;
    expect(Object.keys(picked.accountProtection)).toEqual(["form"]);
    expect(picked.auth).toBe(en.auth);
  });
});
