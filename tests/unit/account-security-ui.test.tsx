import { fetchCall, jsonAnswer as json } from "./json-answer";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import en from "@/messages/en.json";
import { AccountSecurity } from "@/components/auth/account-security";
import { ForgotPasswordForm, ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { QueryProvider } from "@/client/query-provider";
import { sessionListSchema } from "@/lib/contracts/account";

const push = jest.fn();
jest.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
  useRouter: () => ({ push, refresh: jest.fn() }),
}));

// Radix's checkbox measures itself; jsdom has no ResizeObserver.
global.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  push.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function show(ui: React.ReactNode, locale = "en") {
  return render(
    <NextIntlClientProvider
      locale={locale}
      timeZone="UTC"
      messages={{
        auth: en.auth,
        accountSecurity: en.accountSecurity,
        accountProtection: { form: en.accountProtection.form },
        common: en.common,
        errors: en.errors,
      }}
    >
      <QueryProvider>{ui}</QueryProvider>
    </NextIntlClientProvider>,
  );
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("forgot and reset password forms", () => {
  it("asks for the reset e-mail with this page in the reader's language, then says the same for every address", async () => {
    fetchMock.mockReturnValueOnce(json({ status: true }));
    show(<ForgotPasswordForm />, "fr");
    type("Email", "amina@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(en.auth.resetLinkSent);
    expect(fetchCall(fetchMock, 0)).toEqual({
      path: "/api/auth/request-password-reset",
      method: "POST",
      body: { email: "amina@example.com", redirectTo: `${window.location.origin}/fr/reset-password` },
    });
  });

  it("refuses a common password before sending, and shows an expired link clearly", async () => {
    show(<ResetPasswordForm token="tok123" />);
    type("New password", "password2024");
    type("Confirm new password", "password2024");
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByText("This password is too common. Please choose another.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockReturnValueOnce(json({ error: "Invalid token", code: "INVALID_TOKEN" }, 400));
    type("New password", "mango river lantern 42");
    type("Confirm new password", "mango river lantern 42");
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.auth.errors.invalidResetToken);
    expect(fetchCall(fetchMock, 0).body).toEqual({ token: "tok123", newPassword: "mango river lantern 42" });
  });
});

describe("account security page", () => {
  const sessions = sessionListSchema.parse({
    sessions: [
      {
        id: "11111111-1111-4111-8111-111111111111",
        device: "Chrome on Windows",
        address: { kind: "address", text: "198.18.0.1" },
        createdAt: "2026-11-20T10:00:00.000Z",
        lastActiveAt: "2026-11-23T10:00:00.000Z",
        current: true,
      },
      {
        id: "22222222-2222-4222-8222-222222222222",
        device: null,
        address: { kind: "loopback" },
        createdAt: "2026-11-01T10:00:00.000Z",
        lastActiveAt: "2026-11-02T10:00:00.000Z",
        current: false,
      },
    ],
  }).sessions;
  const owner = { email: "amina.bello@example.com", username: "amina_b", name: "Amina Bello" };

  it("lists sessions with this device marked and a readable address, and ends another one", async () => {
    fetchMock
      .mockReturnValueOnce(json({ sessions }))
      .mockReturnValueOnce(json({ revoked: true }))
      .mockReturnValueOnce(json({ sessions: [sessions[0]] }));
    show(<AccountSecurity owner={owner} isStaff={false} />);
    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText("This device")).toBeInTheDocument();
    expect(within(items[0]).getByText(/Address: 198\.18\.0\.1/)).toBeInTheDocument();
    expect(within(items[1]).getByText("Unknown device")).toBeInTheDocument();
    expect(within(items[1]).getByText(/Address: this computer/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Sign out Unknown device" }));
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    expect(fetchCall(fetchMock, 1)).toEqual({ path: `/api/account/sessions/${sessions[1].id}`, method: "DELETE", body: undefined });
    expect(screen.getByText(en.accountSecurity.noOtherSessions)).toBeInTheDocument();
    expect(screen.queryByText(en.accountSecurity.staffIdleNote, { exact: false })).toBeNull();
  });

  it("password change: refuses the account's own name in the browser and shows a wrong current password", async () => {
    fetchMock.mockReturnValueOnce(json({ sessions }));
    show(<AccountSecurity owner={owner} isStaff />);
    expect(await screen.findByText(en.accountSecurity.staffIdleNote, { exact: false })).toBeInTheDocument();
    // Every other session always ends with the change (the server insists): no choice to offer.
    expect(screen.getByText(en.accountProtection.form.passwordChangeEndsOtherSessions)).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).toBeNull();
    type("Current password", "whatever it was");
    type("New password", "amina.bello2026");
    type("Confirm new password", "amina.bello2026");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("This password is too common. Please choose another.")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReturnValueOnce(json({ error: "Invalid password", code: "INVALID_PASSWORD" }, 400));
    type("New password", "mango river lantern 42");
    type("Confirm new password", "mango river lantern 42");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(screen.getByLabelText("Current password")).toHaveAccessibleDescription(en.accountSecurity.wrongCurrentPassword));
    expect(screen.getByLabelText("Current password")).toHaveFocus();
    expect(fetchCall(fetchMock, 1).body).toEqual({
      currentPassword: "whatever it was",
      newPassword: "mango river lantern 42",
      revokeOtherSessions: true,
    });
  });
});
