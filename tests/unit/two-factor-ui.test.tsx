import { fetchCall, jsonAnswer as json } from "./json-answer";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import en from "@/messages/en.json";
import { TwoFactorSettings } from "@/components/auth/two-factor-settings";
import { TwoFactorChallenge } from "@/components/auth/two-factor-challenge";

const push = jest.fn();
jest.mock("@/lib/i18n/navigation", () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));
jest.mock("@/client/use-session", () => ({ refreshSession: jest.fn(() => Promise.resolve(null)) }));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  push.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  window.history.replaceState(null, "", "/account/security?twoFactor=required&next=%2Fpartner");
});

const TOTP_URI = "otpauth://totp/AfyaBridge:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=AfyaBridge&digits=6&period=30";

function show(ui: React.ReactNode) {
  return render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={{ auth: en.auth, twoFactor: en.twoFactor, common: en.common, errors: en.errors }}>
      {ui}
    </NextIntlClientProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("two-factor set-up on the security page", () => {
  it("tells staff why, then takes the password, shows the QR code, key and backup codes, and turns on with a code", async () => {
    show(<TwoFactorSettings enabled={false} isStaff setupRequired />);
    expect(screen.getByRole("status")).toHaveTextContent(en.twoFactor.setupRequired);

    fetchMock.mockReturnValueOnce(json({ error: "Invalid password", code: "INVALID_PASSWORD" }, 400));
    type("Your password", "wrong one");
    fireEvent.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    await waitFor(() => expect(screen.getByLabelText("Your password")).toHaveAccessibleDescription(en.twoFactor.wrongPassword));
    expect(screen.getByLabelText("Your password")).toHaveFocus();

    fetchMock.mockReturnValueOnce(json({ totpURI: TOTP_URI, backupCodes: ["aaaa-1111", "bbbb-2222"] }));
    type("Your password", "correct horse battery");
    fireEvent.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    expect(await screen.findByRole("img", { name: en.twoFactor.qrLabel })).toBeInTheDocument();
    expect(screen.getByTestId("totp-secret")).toHaveTextContent("JBSW Y3DP EHPK 3PXP"); // in groups of four, to type by hand
    expect(screen.getByTestId("backup-codes")).toHaveTextContent("aaaa-1111");
    expect(fetchCall(fetchMock, 1)).toEqual({ path: "/api/auth/two-factor/enable", method: "POST", body: { password: "correct horse battery" } });

    fetchMock.mockReturnValueOnce(json({ error: "Invalid code", code: "INVALID_CODE" }, 401));
    type("6-digit code", "000000");
    fireEvent.click(screen.getByRole("button", { name: "Turn on" }));
    await waitFor(() => expect(screen.getByLabelText("6-digit code")).toHaveAccessibleDescription(en.twoFactor.wrongCode));

    fetchMock.mockReturnValueOnce(json({ token: "t" }));
    type("6-digit code", "123 456");
    fireEvent.click(screen.getByRole("button", { name: "Turn on" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/partner"));
    expect(fetchCall(fetchMock, 3)).toEqual({ path: "/api/auth/two-factor/verify-totp", method: "POST", body: { code: "123456" } });
    expect(screen.getByText(en.twoFactor.statusOn)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Turn off" })).not.toBeInTheDocument();
    expect(screen.getByText(en.twoFactor.requiredForStaff)).toBeInTheDocument();

    // Staff may still replace used or lost backup codes.
    fetchMock.mockReturnValueOnce(json({ status: true, backupCodes: ["cccc-3333", "dddd-4444"] }));
    type("Your password", "correct horse battery");
    fireEvent.click(screen.getByRole("button", { name: "New backup codes" }));
    expect(await screen.findByText(en.twoFactor.backupCodesRenewed)).toBeInTheDocument();
    expect(screen.getByTestId("backup-codes")).toHaveTextContent("cccc-3333");
    expect(fetchCall(fetchMock, 4).path).toBe("/api/auth/two-factor/generate-backup-codes");
  }, 20_000);

  it("lets a patient turn it off with their password", async () => {
    show(<TwoFactorSettings enabled isStaff={false} setupRequired={false} />);
    fetchMock.mockReturnValueOnce(json({ status: true }));
    type("Your password", "correct horse battery");
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText(en.twoFactor.statusOff)).toBeInTheDocument();
    expect(fetchCall(fetchMock, 0)).toEqual({ path: "/api/auth/two-factor/disable", method: "POST", body: { password: "correct horse battery" } });
  });
});

describe("the sign-in code step", () => {
  it("refuses a wrong code, accepts a backup code, and starts over when the challenge has expired", async () => {
    const verified = jest.fn(() => Promise.resolve());
    const restart = jest.fn();
    show(<TwoFactorChallenge onVerified={verified} onRestart={restart} />);

    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByLabelText("6-digit code")).toHaveAccessibleDescription(en.twoFactor.wrongCode));
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockReturnValueOnce(json({ error: "Invalid code", code: "INVALID_CODE" }, 401));
    type("6-digit code", "111111");
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByLabelText("6-digit code")).toHaveAccessibleDescription(en.twoFactor.wrongCode));
    expect(screen.getByLabelText("6-digit code")).toHaveFocus();

    fireEvent.click(screen.getByRole("button", { name: "Use a backup code instead" }));
    fetchMock.mockReturnValueOnce(json({ token: "t" }));
    type("Backup code", "aaaa-1111");
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(verified).toHaveBeenCalled());
    expect(fetchCall(fetchMock, 1)).toEqual({ path: "/api/auth/two-factor/verify-backup-code", method: "POST", body: { code: "aaaa-1111" } });

    fetchMock.mockReturnValueOnce(json({ error: "Invalid two factor cookie", code: "INVALID_TWO_FACTOR_COOKIE" }, 401));
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.twoFactor.challengeExpired);
    fireEvent.click(screen.getByRole("button", { name: "Back to sign-in" }));
    expect(restart).toHaveBeenCalled();
  });
});
