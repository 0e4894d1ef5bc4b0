import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { JourneyView } from "@/components/patient/journey-view";
import { AnswerClock } from "@/components/partner/answer-clock";
import { CaseStatusBadge } from "@/components/partner/case-status-badge";
import { RoutingBadge } from "@/components/partner/routing-badge";
import { submissionKeys } from "@/client/queries/submissions";
import type { PlanView } from "@/lib/contracts/plans";
import { ownSubmissionSchema, ownSubmissionsSchema, type OwnSubmission } from "@/lib/contracts/submissions";
import { planApprovedSchema } from "@/lib/contracts/tracking";
import en from "@/messages/en.json";
import { jsonAnswer } from "../json-answer";

jest.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: React.ReactNode }) => (
    <a href={typeof href === "string" ? href : "#"} {...props}>
      {children}
    </a>
  ),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
}));
jest.mock("@/client/use-session", () => ({
  useSession: () => ({
    status: "ready",
    me: { isAuthenticated: true, user: { username: "amina", name: "Amina", email: "amina@example.com", role: "user", createdAt: "2026-01-05T10:00:00Z" } },
  }),
  refreshSession: jest.fn(),
  markSignedOut: jest.fn(),
}));
let submissions: OwnSubmission[] = [];

/** Renders with a query cache that already holds the patient's submissions (as the contract parses them). */
function show(ui: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(submissionKeys.mine, ownSubmissionsSchema.parse(submissions));
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
        {ui}
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const hospital = (name: string, declined: boolean) => ({
  name,
  city: "Istanbul",
  country: "Turkey",
  declined,
  routedAt: "2026-03-02T09:00:00Z",
  destinationCountry: "TR",
  transferBasis: "explicit_consent",
});

function submission(fields: Partial<OwnSubmission> = {}): OwnSubmission {
  return ownSubmissionSchema.parse({
    id: "5f0c7f6e-0000-4000-8000-000000000001",
    title: "Knee replacement",
    trackingNumber: "SUB-20260301-ABCDEFGHJK",
    patientName: "Amina Bello",
    createdAt: "2026-03-01T08:00:00Z",
    updatedAt: "2026-03-05T08:00:00Z",
    status: "cancelled",
    urgency: "standard",
    medicalCondition: "Knee osteoarthritis",
    specialty: "orthopedics",
    message: null,
    preferredCountries: ["Turkey"],
    fileName: null,
    missingFiles: [],
    files: [],
    history: [
      { status: "submitted", note: null, at: "2026-03-01T08:00:00Z" },
      { status: "cancelled", note: "Cancelled at your request by phone.\nYou can submit again at any time.", at: "2026-03-05T08:00:00Z" },
    ],
    matchedHospitals: [hospital("Medipol Mega University Hospital", false), hospital("Memorial Şişli Hospital", true)],
    plans: [],
    documentRequests: [],
    responsesCount: 0,
    lateNotice: null,
    ...fields,
  });
}

const plan = {
  id: "0b7a4c1e-0000-4000-8000-000000000009",
  diagnosisSummary: "Advanced osteoarthritis of the right knee",
  proposedTreatment: "Total knee replacement",
  included: "Surgery, 5 nights, physiotherapy",
  lengthOfStayDays: 10,
  priceMin: 8000,
  priceMax: 9500,
  currency: "USD",
  validUntil: "2099-12-31",
  leadDoctor: "Dr. Aydın",
  message: null,
  status: "proposed",
  decidedAt: null,
  appointmentAt: null,
  appointmentNote: null,
  createdAt: "2026-03-03T09:00:00Z",
  hospital: { name: "Medipol Mega University Hospital", city: "Istanbul", country: "Turkey" },
  expired: false,
  hospitalMedianHours: null,
} as const;

describe("the patient's journey view", () => {
  test("the status history shows the coordinator's note with the change it explains", () => {
    submissions = [submission()];
    show(<JourneyView />);
    const history = screen.getByTestId("status-history");
    const entries = within(history).getAllByRole("listitem");
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent("Submitted");
    expect(within(entries[0]).queryByTestId("history-note")).toBeNull();
    expect(entries[1]).toHaveTextContent("Cancelled");
    expect(within(entries[1]).getByTestId("history-note")).toHaveTextContent("Cancelled at your request by phone. You can submit again at any time.");
  });

  test("a hospital that declined is shown as declined, not as matched", () => {
    submissions = [submission()];
    show(<JourneyView />);
    const matched = screen.getByTestId("matched-hospitals");
    expect(matched).toHaveTextContent("Medipol Mega University Hospital, Turkey");
    expect(matched).not.toHaveTextContent("Memorial Şişli");
    expect(screen.getByTestId("declined-hospitals")).toHaveTextContent("Declined: Memorial Şişli Hospital, Turkey");
  });

  test("when every hospital declined, none is called matched", () => {
    submissions = [submission({ matchedHospitals: [hospital("Memorial Şişli Hospital", true)] })];
    show(<JourneyView />);
    expect(screen.getByTestId("matched-hospitals")).toHaveTextContent(en.journey.noHospitalsYet);
    expect(screen.getByTestId("declined-hospitals")).toHaveTextContent("Memorial Şişli Hospital");
  });
});

describe("approving a plan from the journey", () => {
  afterEach(() => jest.restoreAllMocks());

  test("posts the plan to the owner's endpoint, then reads the submissions again and shows the new status", async () => {
    const responded = submission({ status: "responded", plans: [plan], responsesCount: 1 });
    const accepted = submission({ status: "plan_accepted", plans: [{ ...plan, status: "accepted", decidedAt: "2026-03-04T09:00:00Z" }], responsesCount: 1 });
    submissions = [responded];
    const answers: Record<string, unknown> = {
      [`POST /api/my-submissions/${responded.id}/approve-plan`]: planApprovedSchema.parse({ planId: plan.id, status: "plan_accepted" }),
      "GET /api/my-submissions": ownSubmissionsSchema.parse([accepted]),
    };
    const fetchMock = jest.fn((url: string, init?: RequestInit) => {
      const body = answers[`${init?.method ?? "GET"} ${url}`];
      return body ? jsonAnswer(body) : jsonAnswer({ error: "Not found", code: "not_found" }, 404);
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    show(<JourneyView />);
    expect(screen.getByTestId("status-badge")).toHaveTextContent("Hospital Responded");
    fireEvent.click(screen.getByRole("button", { name: /Approve this plan/ }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: en.plans.confirm }));
    await waitFor(() => expect(screen.getByTestId("status-badge")).toHaveTextContent("Plan Accepted"));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/my-submissions/${responded.id}/approve-plan`,
      expect.objectContaining({ method: "POST", body: JSON.stringify({ planId: plan.id }) }),
    );
    expect(fetchMock).toHaveBeenCalledWith("/api/my-submissions", expect.objectContaining({ method: "GET" }));
    expect(screen.getByTestId("plan-card")).toHaveAttribute("data-status", "accepted");
  });
});

describe("the partner's answer clock and badges", () => {
  const routedAt = "2026-03-01T08:00:00Z";
  const dueAt = "2026-03-04T08:00:00Z";
  const late = new Date("2026-03-06T08:00:00Z");

  test("an awaited routing past its 72 hours is overdue", () => {
    show(<AnswerClock routing={{ status: "awaiting_response", routedAt, dueAt, respondedAt: null }} now={late} />);
    expect(screen.getByTestId("answer-clock")).toHaveAttribute("data-overdue", "true");
    expect(screen.getByTestId("answer-clock")).toHaveTextContent("Overdue by 2 d 0 h");
  });

  test("a routing withdrawn because the case ended is never overdue: no answer is needed", () => {
    show(<AnswerClock routing={{ status: "withdrawn", routedAt, dueAt, respondedAt: null }} now={late} />);
    expect(screen.queryByTestId("answer-clock")).toBeNull();
    expect(screen.getByTestId("answer-clock-stopped")).toHaveTextContent("The case has ended: no answer is needed");
    expect(document.body).not.toHaveTextContent(/overdue/i);
  });

  test("an answered routing shows when it was answered, not a clock", () => {
    show(<AnswerClock routing={{ status: "responded", routedAt, dueAt, respondedAt: "2026-03-02T10:00:00Z" }} now={late} />);
    expect(screen.queryByTestId("answer-clock")).toBeNull();
    expect(document.body).toHaveTextContent("Answered on Mar 2, 2026");
  });

  test("badges name the routing's state and the case's status", () => {
    show(
      <>
        <RoutingBadge routing={{ status: "withdrawn", plan: null }} />
        <CaseStatusBadge status="cancelled" />
      </>,
    );
    expect(screen.getByTestId("routing-status")).toHaveTextContent("No longer needed");
    expect(screen.getByTestId("case-status")).toHaveTextContent("Case: Cancelled");
  });

  test("once the patient chose, an answered routing's badge says whether its plan was the one", () => {
    const answered = (status: "proposed" | "accepted" | "not_selected") => ({ status: "responded" as const, plan: { status } as PlanView });
    const badge = (status: "proposed" | "accepted" | "not_selected") => {
      const { unmount } = show(<RoutingBadge routing={answered(status)} />);
      const text = screen.getByTestId("routing-status").textContent;
      unmount();
      return text;
    };
    expect([badge("proposed"), badge("accepted"), badge("not_selected")]).toEqual(["Responded", "Plan approved by the patient", "Plan not chosen"]);
  });
});
