import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { CaseRoutings } from "@/components/admin/case-routings";
import { RoutingBadges } from "@/components/admin/submission-badges";
import { isOverdue } from "@/lib/admin/submissions";
import { routingState } from "@/lib/contracts/cases";
import type { AdminRouting } from "@/lib/contracts/cases";
import en from "@/messages/en.json";

// isOverdue is pure; the module's queries are not used here.
jest.mock("@/lib/db", () => ({
  db: () => {
    throw new Error("no database in component tests");
  },
}));

const HOUR = 60 * 60 * 1000;
const now = new Date("2026-11-23T12:00:00Z");

function wrap(children: React.ReactNode) {
  return render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={{ admin: en.admin, adminCase: en.adminCase, common: en.common, partner: en.partner }}>
      {children}
    </NextIntlClientProvider>,
  );
}

/** A hospital asked 80 hours ago that has not answered: 8 hours past its 72. */
function routing(fields: Partial<AdminRouting> = {}): AdminRouting {
  const routedAt = new Date(Date.now() - 80 * HOUR);
  return {
    id: "2b8c1f3e-0000-4000-8000-000000000001",
    hospitalId: "medipol-mega",
    hospitalName: "Medipol Mega University Hospital",
    hospitalCity: "Istanbul",
    country: "Turkey",
    transferBasis: "explicit_consent",
    routedAt: routedAt.toISOString(),
    routedBy: { name: "Coordinator", role: "admin" },
    dueAt: new Date(routedAt.getTime() + 72 * HOUR).toISOString(),
    overdue: true,
    awaited: true,
    status: "awaiting_response",
    respondedAt: null,
    declineReason: null,
    coordinatorNote: null,
    extension: null,
    plan: null,
    ...fields,
  };
}

describe("the 72-hour rule (lib/admin/submissions.ts isOverdue)", () => {
  const late = { status: "awaiting_response", dueAt: new Date(now.getTime() - HOUR) };
  test("a hospital past its 72 hours is overdue while the case still awaits hospitals", () => {
    for (const status of ["sent_to_hospitals", "responded"] as const) expect(isOverdue(late, status, now)).toBe(true);
  });
  test("not once the case is closed, cancelled or has an accepted plan", () => {
    for (const status of ["closed", "cancelled", "plan_accepted"] as const) expect(isOverdue(late, status, now)).toBe(false);
  });
  test("a closed case's unanswered hospital is no longer awaited ('withdrawn'), an open case's still is", () => {
    expect(routingState("awaiting_response", "sent_to_hospitals")).toBe("awaiting_response");
    for (const status of ["closed", "cancelled", "plan_accepted"]) expect(routingState("awaiting_response", status)).toBe("withdrawn");
    expect(routingState("declined", "closed")).toBe("declined");
  });
  test("not before its due time, nor once the hospital answered or declined", () => {
    expect(isOverdue({ status: "awaiting_response", dueAt: new Date(now.getTime() + HOUR) }, "sent_to_hospitals", now)).toBe(false);
    for (const status of ["responded", "declined"]) expect(isOverdue({ ...late, status }, "sent_to_hospitals", now)).toBe(false);
  });
});

describe("the Overdue badge on a dashboard card", () => {
  test("in red, saying how many hospitals are late, when one is", () => {
    wrap(<RoutingBadges routing={{ hospitals: 2, overdue: 1 }} />);
    expect(screen.getByTestId("admin-routed")).toHaveTextContent("Sent to 2 hospitals");
    const badge = screen.getByTestId("admin-overdue");
    expect(badge).toHaveTextContent("Overdue");
    expect(badge).toHaveAttribute("title", "1 hospital has not answered within 72 hours");
  });
  test("absent when none is (a closed case's late hospitals count as none)", () => {
    wrap(<RoutingBadges routing={{ hospitals: 2, overdue: 0 }} />);
    expect(screen.getByTestId("admin-routed")).toHaveTextContent("Sent to 2 hospitals");
    expect(screen.queryByTestId("admin-overdue")).not.toBeInTheDocument();
    expect(screen.queryByText("Overdue")).not.toBeInTheDocument();
  });
});

describe("the routing clock on the case page", () => {
  test("an open case: a hospital past its 72 hours shows 'Overdue by' (8 hours)", () => {
    wrap(<CaseRoutings routings={[routing()]} />);
    const item = screen.getByTestId("case-routing");
    expect(within(item).getByTestId("routing-clock")).toHaveTextContent(/^Overdue by 8h 0m(in)?$/);
  });
  test("a hospital within its 72 hours shows the time left", () => {
    const routedAt = new Date(Date.now() - 2 * HOUR);
    wrap(
      <CaseRoutings
        routings={[routing({ routedAt: routedAt.toISOString(), dueAt: new Date(routedAt.getTime() + 72 * HOUR).toISOString(), overdue: false })]}
      />,
    );
    expect(screen.getByTestId("routing-clock")).toHaveTextContent(/^2d 2?[12]h left to answer$/);
  });
  test("a closed case: the same unanswered hospital is not overdue, and reads 'No longer needed'", () => {
    wrap(<CaseRoutings routings={[routing({ status: "withdrawn", overdue: false, awaited: false })]} />);
    const item = screen.getByTestId("case-routing");
    expect(item).toHaveTextContent("No longer needed");
    expect(item).not.toHaveTextContent(/Overdue/);
    expect(within(item).queryByTestId("routing-clock")).not.toBeInTheDocument();
  });
});
