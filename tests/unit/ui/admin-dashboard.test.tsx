import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import en from "@/messages/en.json";
import { QueryProvider } from "@/client/query-provider";
import { AdminDashboard } from "@/components/admin/admin-dashboard";
import { CaseRoutings } from "@/components/admin/case-routings";
import { ADMIN_REFRESH_MS } from "@/client/queries/admin-cases";
import type { AdminRouting, AdminSubmission } from "@/lib/contracts/cases";

jest.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
}));

/**
 * A stand-in for GET /api/admin/all-submissions over `cases` (newest first): the tab and overdue
 * filters, `limit`, and a cursor that is the index of the next row; counts on first pages only.
 */
let cases: AdminSubmission[] = [];
const requests: URLSearchParams[] = [];
const fetchMock = jest.fn(async (url: string) => {
  const params = new URL(url, "http://localhost").searchParams;
  requests.push(params);
  const tab = params.get("tab") ?? "all";
  let rows = cases.filter(
    (s) =>
      tab === "all" ||
      (tab === "urgent" && s.urgency === "urgent") ||
      (tab === "registered" && s.source === "authenticated") ||
      (tab === "files" && s.files.length > 0),
  );
  if (params.get("overdue") === "true") rows = rows.filter((s) => s.routing.overdue > 0);
  const start = Number(params.get("cursor") ?? 0);
  const limit = Number(params.get("limit") ?? 50);
  const items = rows.slice(start, start + limit);
  const counts = params.get("cursor")
    ? null
    : {
        total: cases.length,
        urgent: cases.filter((s) => s.urgency === "urgent").length,
        registered: 0,
        withFiles: 0,
        overdue: cases.filter((s) => s.routing.overdue > 0).length,
      };
  const body = { items, nextCursor: start + limit < rows.length ? String(start + limit) : null, counts };
  return { ok: true, status: 200, json: async () => body, text: async () => JSON.stringify(body) };
});

let serial = 0;
function makeCase(fields: Partial<AdminSubmission> = {}): AdminSubmission {
  serial++;
  return {
    id: `case-${serial}`,
    source: "guest",
    title: null,
    patientName: `Patient ${serial}`,
    email: `p${serial}@example.com`,
    userEmail: null,
    phone: null,
    country: null,
    homeCountry: "Nigeria",
    trackingNumber: `SUB-20261123-${String(serial).padStart(6, "0")}`,
    specialty: "cardiology",
    urgency: serial % 3 === 0 ? "urgent" : "standard",
    status: "submitted",
    medicalCondition: null,
    budget: null,
    preferredCountries: [],
    message: null,
    consent: true,
    consentFullName: `Patient ${serial}`,
    consentEmail: `p${serial}@example.com`,
    consentDate: "2026-11-20",
    createdAt: new Date(Date.UTC(2026, 10, 20) + serial * 60_000).toISOString(),
    files: [],
    routing: { hospitals: 0, overdue: 0 },
    ...fields,
  };
}
/** `count` cases, newest first. */
const newest = (count: number) => Array.from({ length: count }, () => makeCase()).reverse();

function show(ui: React.ReactNode = <AdminDashboard />) {
  return render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
      <QueryProvider>{ui}</QueryProvider>
    </NextIntlClientProvider>,
  );
}

const cards = () => screen.queryAllByTestId("admin-submission");
// querySelector rather than getByRole: a hundred cards make role queries slow in jsdom.
const names = () => cards().map((card) => card.querySelector("h2")?.textContent);

beforeEach(() => {
  jest.useFakeTimers();
  fetchMock.mockClear();
  requests.length = 0;
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  jest.useRealTimers();
});

describe("admin dashboard list", () => {
  test("the 30-second refresh keeps every loaded row, adds new cases at the top, and leaves focus where it was", async () => {
    cases = newest(130);
    show();
    await waitFor(() => expect(cards()).toHaveLength(50));
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(cards()).toHaveLength(100));
    expect(requests.at(-1)?.get("cursor")).toBe("50");

    // The admin is reading row 80 (its "View Details" link has focus) when two cases arrive.
    const row80 = cards()[79].querySelector<HTMLAnchorElement>("a[href^='/admin-dashboard/cases/']")!;
    row80.focus();
    const before = names();
    cases = [...newest(2), ...cases];
    requests.length = 0;
    await act(async () => {
      jest.advanceTimersByTime(ADMIN_REFRESH_MS);
    });
    // Everything that was loaded is still there, under the new cases (and a few more rows read to reach it).
    await waitFor(() => expect(cards()).toHaveLength(110));
    expect(names().slice(0, 102)).toEqual([cases[0].patientName, cases[1].patientName, ...before]);
    expect(document.activeElement).toBe(row80);
    expect(row80.isConnected).toBe(true);
    // Re-read from the top as far as was loaded, within the API's page limit.
    expect(requests.map((p) => [p.get("cursor"), p.get("limit")])).toEqual([
      [null, "100"],
      ["100", "10"],
    ]);
    expect(screen.queryByLabelText("Loading submissions...")).not.toBeInTheDocument();
    // "Load more" goes on from where the refreshed list ends.
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(cards()).toHaveLength(132));
    expect(new Set(names()).size).toBe(132);
  }, 30_000);

  test("a tab asks the server for its own rows and pages with its own cursor; the overdue control filters on the server", async () => {
    cases = newest(200);
    const urgent = cases.filter((s) => s.urgency === "urgent");
    show();
    await waitFor(() => expect(cards()).toHaveLength(50));
    const tab = screen.getByRole("tab", { name: `Urgent (${urgent.length})` });
    fireEvent.mouseDown(tab);
    await waitFor(() => expect(screen.getAllByRole("link", { name: /^View Details/ })).toHaveLength(50));
    expect(requests.at(-1)?.get("tab")).toBe("urgent");
    const panel = screen.getByRole("tabpanel");
    expect(
      within(panel)
        .getAllByText(/^Patient \d+$/)
        .map((node) => node.textContent),
    ).toEqual(urgent.slice(0, 50).map((s) => s.patientName));
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByRole("link", { name: /^View Details/ })).toHaveLength(urgent.length));
    expect([requests.at(-1)?.get("tab"), requests.at(-1)?.get("cursor")]).toEqual(["urgent", "50"]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    cases[3] = { ...cases[3], urgency: "urgent", routing: { hospitals: 1, overdue: 1 } };
    const overdue = screen.getByTestId("admin-overdue-filter");
    expect(overdue).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(overdue);
    await waitFor(() => expect(screen.getAllByRole("link", { name: /^View Details/ })).toHaveLength(1));
    expect([requests.at(-1)?.get("tab"), requests.at(-1)?.get("overdue")]).toEqual(["urgent", "true"]);
    expect(screen.getByTestId("admin-overdue-filter")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("admin-overdue-filter")).toHaveTextContent("Overdue only (1)");
  }, 30_000);

  test("an ended case's card has no Overdue badge; a waiting one past its 72 hours has", async () => {
    cases = [
      makeCase({ status: "closed", routing: { hospitals: 2, overdue: 0 } }),
      makeCase({ status: "sent_to_hospitals", routing: { hospitals: 2, overdue: 1 } }),
    ];
    show();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[0]).queryByTestId("admin-overdue")).not.toBeInTheDocument();
    expect(within(cards()[1]).getByTestId("admin-overdue")).toHaveTextContent("Overdue");
  });
});

describe("case page routings", () => {
  const routing = (fields: Partial<AdminRouting>): AdminRouting =>
    ({
      id: "r1",
      hospitalId: "medipol-mega",
      hospitalName: "Medipol Mega",
      hospitalCity: "Istanbul",
      country: "TR",
      transferBasis: "explicit_consent",
      routedAt: new Date(Date.now() - 80 * 3600_000).toISOString(),
      routedBy: null,
      dueAt: new Date(Date.now() - 8 * 3600_000).toISOString(),
      awaited: true,
      overdue: true,
      status: "awaiting_response",
      respondedAt: null,
      declineReason: null,
      coordinatorNote: null,
      plan: null,
      ...fields,
    }) as AdminRouting;

  test("a hospital that never answered an ended case is no longer awaited: no clock, not overdue", () => {
    show(<CaseRoutings routings={[routing({ status: "withdrawn", awaited: false, overdue: false })]} />);
    expect(screen.queryByTestId("routing-clock")).not.toBeInTheDocument();
    expect(screen.getByText("No longer needed")).toBeInTheDocument();
    expect(screen.queryByText(/Overdue/)).not.toBeInTheDocument();
  });

  test("while the case waits, the same hospital is overdue", () => {
    show(<CaseRoutings routings={[routing({})]} />);
    expect(screen.getByTestId("routing-clock")).toHaveTextContent(/^Overdue by 8h/);
    expect(screen.getByText("Awaiting response")).toBeInTheDocument();
  });
});
