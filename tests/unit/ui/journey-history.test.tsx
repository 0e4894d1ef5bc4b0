import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { JourneyView } from "@/components/patient/journey-view";
import { AnswerClock } from "@/components/partner/answer-clock";
import { CaseStatusBadge } from "@/components/partner/case-status-badge";
import { RoutingBadge } from "@/components/partner/routing-badge";
import type { OwnSubmission } from "@/lib/submissions/queries";
import en from "@/messages/en.json";

jest.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: React.ReactNode }) => (
    <a href={typeof href === "string" ? href : "#"} {...props}>
      {children}
    </a>
  ),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
}));
jest.mock("@/client/use-session", () => ({
  useSession: () => ({ status: "ready", me: { isAuthenticated: true, user: { username: "amina", name: "Amina", email: "amina@example.com", role: "user", createdAt: "2026-01-05T10:00:00Z" } } }),
  refreshSession: jest.fn(),
  markSignedOut: jest.fn(),
}));
let submissions: OwnSubmission[] = [];
jest.mock("@/components/patient/use-own-submissions", () => ({
  useOwnSubmissions: () => ({ state: { status: "ready", submissions }, refresh: jest.fn() }),
  signInPath: (next: string) => ({ pathname: "/simple-login.html", query: { next } }),
}));

function show(ui: React.ReactNode) {
  return render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
      {ui}
    </NextIntlClientProvider>,
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
  return {
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
    files: [],
    history: [
      { status: "submitted", note: null, at: "2026-03-01T08:00:00Z" },
      { status: "cancelled", note: "Cancelled at your request by phone.\nYou can submit again at any time.", at: "2026-03-05T08:00:00Z" },
    ],
    matchedHospitals: [hospital("Medipol Mega University Hospital", false), hospital("Memorial Şişli Hospital", true)],
    plans: [],
    documentRequests: [],
    responsesCount: 0,
    ...fields,
  } as OwnSubmission;
}

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
        <RoutingBadge status="withdrawn" />
        <CaseStatusBadge status="cancelled" />
      </>,
    );
    expect(screen.getByTestId("routing-status")).toHaveTextContent("No longer needed");
    expect(screen.getByTestId("case-status")).toHaveTextContent("Case: Cancelled");
  });
});
