import "@testing-library/jest-dom";
import { fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { StorageStatus } from "@/components/admin/storage-status";
import en from "@/messages/en.json";
import { QueryProvider } from "@/client/query-provider";

function show(fetchImpl: jest.Mock) {
  global.fetch = fetchImpl;
  render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={{ storageStatus: en.storageStatus }}>
      <QueryProvider>
        <StorageStatus />
      </QueryProvider>
    </NextIntlClientProvider>,
  );
  return screen.getByTestId("storage-status");
}

const answer = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: "", json: async () => body, text: async () => JSON.stringify(body) }) as Response;

describe("/google-drive-setup status card", () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => (consoleError = jest.spyOn(console, "error").mockImplementation(() => {})));
  afterEach(() => consoleError.mockRestore());

  test("'Failed to check Google Drive status' when the status call throws; Refresh checks again", async () => {
    const fetchMock = jest
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(answer(200, { success: true, email: "s3://afya-records (eu-west-1)", error: null }));
    const card = show(fetchMock);
    expect(await screen.findByText("Failed to check Google Drive status", { exact: false })).toBeVisible();
    expect(card).toHaveTextContent("Not connected");
    expect(card).not.toHaveTextContent("Connected to");
    expect(fetchMock).toHaveBeenCalledWith("/api/test-google-drive", expect.anything());

    fireEvent.click(screen.getByRole("button", { name: "Refresh Status" }));
    expect(await screen.findByText(/s3:\/\/afya-records \(eu-west-1\)/)).toBeVisible();
    expect(card).not.toHaveTextContent("Failed to check Google Drive status");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test("a refused or failing status call (no JSON answer) is the same failure, without the server's details", async () => {
    const card = show(jest.fn().mockResolvedValue(answer(500, { error: "Internal error" })));
    expect(await screen.findByText("Failed to check Google Drive status", { exact: false })).toBeVisible();
    expect(card).not.toHaveTextContent("Internal error");
  });

  test("a store that answers but is not reachable shows its own error", async () => {
    const card = show(jest.fn().mockResolvedValue(answer(200, { success: false, email: "s3://afya-records", error: "The bucket does not exist." })));
    expect(await screen.findByText(/The bucket does not exist\./)).toBeVisible();
    expect(card).toHaveTextContent("Not connected");
  });
});
