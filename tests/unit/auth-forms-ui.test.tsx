import { fireEvent, render, screen } from "@testing-library/react";
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

const json = (body: unknown, status = 200) => Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function show(ui: React.ReactNode) {
  return render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={clientMessages(en, ["twoFactor", "accountProtection.form"])}>
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
