import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { TrackView } from "@/components/patient/track-view";
import { codeRequestedSchema, trackedSubmissionSchema } from "@/lib/contracts/tracking";
import en from "@/messages/en.json";
import { fetchCall, jsonAnswer } from "../json-answer";

jest.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
}));

const trackingNumber = "SUB-20260301-ABCDEFGHJK";
const tracked = trackedSubmissionSchema.parse({
  trackingNumber,
  patientName: "Amina Bello",
  specialty: "orthopedics",
  urgency: "standard",
  status: "under_review",
  createdAt: "2026-03-01T08:00:00Z",
  history: [{ status: "submitted", note: null, at: "2026-03-01T08:00:00Z" }],
  files: [],
  matchedHospitals: [],
  plans: [],
  documentRequests: [],
  responsesCount: 0,
  lateNotice: null,
});
const notVerified = { error: en.errors.tracking_verify_again, code: "tracking_verify_again" };

/**
 * Each call of the page answered in turn: GET /api/track/submission first when the page found a
 * tracking cookie (`hasTrackCookie`), then the forms' posts.
 */
function show(hasTrackCookie: boolean, ...answers: [unknown, number?][]) {
  const fetchMock = jest.fn();
  for (const [body, status] of answers) fetchMock.mockImplementationOnce(() => jsonAnswer(body, status));
  global.fetch = fetchMock;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
        <TrackView hasTrackCookie={hasTrackCookie} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

async function requestCode(email: string) {
  fireEvent.change(await screen.findByLabelText(en.track.trackingNumber), { target: { value: " sub-20260301-abcdefghjk " } });
  fireEvent.change(screen.getByLabelText(en.track.email), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: en.track.sendCode }));
}

describe("/track", () => {
  test("a malformed e-mail is refused on its field, with the server's schema, before anything is sent", async () => {
    const fetchMock = show(false);
    await requestCode("amina@");
    const email = screen.getByLabelText(en.track.email);
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(en.errors.email_invalid);
    // A first visit (no tracking cookie) asks the server nothing: no 404 in the browser's console.
    expect(fetchMock).toHaveBeenCalledTimes(0);
  });

  test("the code is asked for with the normalized pair; a refused code is shown on the code field, which gets the focus", async () => {
    const fetchMock = show(
      false,
      [codeRequestedSchema.parse({ success: true })],
      [{ error: en.errors.tracking_code_invalid, code: "tracking_code_invalid", field: "code" }, 400],
    );
    await requestCode("Amina@Example.com");
    const code = await screen.findByLabelText(en.track.code);
    expect(fetchCall(fetchMock, 0)).toEqual({
      path: "/api/track/request-code",
      method: "POST",
      body: { trackingNumber, email: "amina@example.com", locale: "en" },
    });

    fireEvent.change(code, { target: { value: "12345" } });
    fireEvent.click(screen.getByRole("button", { name: en.track.showSubmission }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(en.errors.tracking_code_format));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: en.track.showSubmission }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(en.errors.tracking_code_invalid));
    expect(code).toHaveFocus();
    expect(fetchCall(fetchMock, 1)).toEqual({
      path: "/api/track/verify",
      method: "POST",
      body: { trackingNumber, email: "amina@example.com", code: "123456", locale: "en" },
    });
  });

  test("a verified code shows the case the server answered", async () => {
    const fetchMock = show(false, [{ success: true }], [tracked]);
    await requestCode("amina@example.com");
    fireEvent.change(await screen.findByLabelText(en.track.code), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: en.track.showSubmission }));
    expect(await screen.findByTestId("tracked-status")).toHaveTextContent(en.statuses.under_review);
    expect(screen.getByText(trackingNumber)).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test("a guest verified earlier sees the case again when the page opens", async () => {
    show(true, [tracked]);
    expect(await screen.findByTestId("tracked-status")).toHaveTextContent(en.statuses.under_review);
    expect(screen.queryByLabelText(en.track.trackingNumber)).toBeNull();
  });

  test("a tracking cookie whose access has ended brings the forms back", async () => {
    const fetchMock = show(true, [notVerified, 404]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(await screen.findByLabelText(en.track.trackingNumber)).toBeVisible();
  });
});
