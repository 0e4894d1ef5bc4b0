import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { PartnerCaseList } from "@/components/partner/case-list";
import type { PartnerCasePage, PartnerCaseSummary } from "@/lib/contracts/partners";
import en from "@/messages/en.json";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

jest.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
}));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const json = (body: unknown, status = 200) => Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) });

function item(n: number, fields: Partial<PartnerCaseSummary> = {}, routing: Partial<PartnerCaseSummary["routing"]> = {}): PartnerCaseSummary {
  return {
    id: `5f0c7f6e-0000-4000-8000-00000000000${n}`,
    trackingNumber: `SUB-20260301-CASE00000${n}`,
    patientName: "Amina Bello",
    specialty: "orthopedics",
    urgency: "standard",
    status: "sent_to_hospitals",
    createdAt: "2026-03-01T08:00:00Z",
    routing: {
      id: `r${n}`,
      status: "awaiting_response",
      routedAt: "2026-03-01T08:00:00Z",
      dueAt: "2026-03-04T08:00:00Z",
      respondedAt: null,
      declineReason: null,
      coordinatorNote: null,
      extension: null,
      plan: null,
      ...routing,
    },
    ...fields,
  } as PartnerCaseSummary;
}

function show(initial: PartnerCasePage, now = "2026-03-06T08:00:00Z") {
  return render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={{ partner: en.partner, specialties: en.specialties, statuses: en.statuses }}>
      {/* No retries: a failed page shows at once. */}
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PartnerCaseList initial={initial} now={now} />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

describe("the partner's case list", () => {
  test("each case shows its status; an ended case's unanswered routing is not overdue", () => {
    show({ cases: [item(1), item(2, { status: "cancelled" }, { status: "withdrawn" })], nextCursor: null });
    const [open, ended] = screen.getAllByTestId("partner-case");
    expect(within(open).getByTestId("case-status")).toHaveTextContent("Case: Sent to Hospitals");
    expect(within(open).getByTestId("answer-clock")).toHaveAttribute("data-overdue", "true");
    expect(within(ended).getByTestId("case-status")).toHaveTextContent("Case: Cancelled");
    expect(within(ended).getByTestId("routing-status")).toHaveTextContent("No longer needed");
    expect(within(ended).queryByTestId("answer-clock")).toBeNull();
    expect(ended).not.toHaveTextContent(/overdue/i);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  test("'Load more' fetches the next page by its cursor and adds it below; it goes when there is no more", async () => {
    fetchMock.mockReturnValueOnce(json({ cases: [item(3), item(4)], nextCursor: null }));
    show({ cases: [item(1), item(2)], nextCursor: "CURSOR-1" });
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("partner-case")).toHaveLength(4));
    expect(fetchMock).toHaveBeenCalledWith("/api/partner/cases?cursor=CURSOR-1", expect.anything());
    expect(screen.getAllByTestId("partner-case").map((row) => row.querySelector(".font-mono")?.textContent)).toEqual([
      "SUB-20260301-CASE000001",
      "SUB-20260301-CASE000002",
      "SUB-20260301-CASE000003",
      "SUB-20260301-CASE000004",
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  test("a failed page says so and keeps the button to try again", async () => {
    fetchMock.mockReturnValueOnce(json({ error: "boom" }, 500));
    show({ cases: [item(1)], nextCursor: "CURSOR-1" });
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load more cases. Please try again.");
    expect(screen.getAllByTestId("partner-case")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Load more" })).toBeEnabled();
  });
});
