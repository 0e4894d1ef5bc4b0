import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { CaseLateHospital } from "@/components/admin/case-late-hospital";
import { ExtensionForm } from "@/components/partner/answer-forms";
import { LateNotice } from "@/components/patient/late-notice";
import type { AdminCase } from "@/lib/contracts/cases";
import en from "@/messages/en.json";
import { jsonAnswer } from "../json-answer";

jest.mock("@/lib/i18n/navigation", () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));

function show(ui: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
        {ui}
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

function answering(status = 200) {
  const fetchMock = jest.fn<ReturnType<typeof jsonAnswer>, [string, RequestInit?]>(() => jsonAnswer({}, status));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const CASE_ID = "5f0c7f6e-0000-4000-8000-000000000001";
/** The parts of the coordinator's case the late-hospital box reads. */
const lateCase = (fields: { overdue: boolean; suggested: AdminCase["suggestedHospital"]; canRoute?: boolean }) =>
  ({
    id: CASE_ID,
    routings: [{ hospitalId: "medipol-mega", overdue: fields.overdue }],
    actions: { canRoute: fields.canRoute ?? true, transitions: [], canRequestDocuments: true },
    suggestedHospital: fields.suggested,
  }) as unknown as AdminCase;

describe("the coordinator's late-hospital box (issue 21)", () => {
  test("a late hospital: the next suitable one with its median, routed in one click", async () => {
    const fetchMock = answering();
    show(<CaseLateHospital data={lateCase({ overdue: true, suggested: { id: "medipol-kosuyolu", name: "Medipol Koşuyolu Hospital", medianHours: 20 } })} />);
    const box = screen.getByTestId("late-hospital");
    expect(box).toHaveTextContent("Next suitable hospital: Medipol Koşuyolu Hospital. Median time to a plan: 20 h.");
    fireEvent.click(screen.getByRole("button", { name: "Route to Medipol Koşuyolu Hospital" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/admin/cases/${CASE_ID}/route`,
        expect.objectContaining({ method: "POST", body: JSON.stringify({ hospitalIds: ["medipol-kosuyolu"] }) }),
      ),
    );
  });

  test("a new partner is said to be one; with none left, no button", () => {
    const { unmount } = show(<CaseLateHospital data={lateCase({ overdue: true, suggested: { id: "x", name: "New Hospital", medianHours: null } })} />);
    expect(screen.getByTestId("late-hospital")).toHaveTextContent(en.adminCase.lateNewPartner);
    unmount();
    show(<CaseLateHospital data={lateCase({ overdue: true, suggested: null })} />);
    expect(screen.getByTestId("late-hospital")).toHaveTextContent(en.adminCase.lateNoSuggestion);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  test("nothing when no hospital is late, or the case can no longer be routed", () => {
    const suggested = { id: "medipol-kosuyolu", name: "Medipol Koşuyolu Hospital", medianHours: 20 };
    show(<CaseLateHospital data={lateCase({ overdue: false, suggested })} />);
    show(<CaseLateHospital data={lateCase({ overdue: true, suggested, canRoute: false })} />);
    expect(screen.queryByTestId("late-hospital")).not.toBeInTheDocument();
  });
});

describe("the partner's request for more time", () => {
  test("refuses more than 48 hours in the browser, then sends hours and reason", async () => {
    const fetchMock = answering();
    show(<ExtensionForm caseId={CASE_ID} used={null} />);
    fireEvent.change(screen.getByLabelText(en.partner.extension.hours), { target: { value: "49" } });
    fireEvent.change(screen.getByLabelText(en.partner.extension.reason), { target: { value: "Surgeon back on Monday." } });
    fireEvent.click(screen.getByRole("button", { name: en.partner.extension.submit }));
    expect(await screen.findByText("Enter a whole number of hours from 1 to 48.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(en.partner.extension.hours), { target: { value: "24" } });
    fireEvent.click(screen.getByRole("button", { name: en.partner.extension.submit }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/partner/cases/${CASE_ID}/extension`,
        expect.objectContaining({ method: "POST", body: JSON.stringify({ hours: 24, reason: "Surgeon back on Monday." }) }),
      ),
    );
  });

  test("once used, it shows what was asked and offers no form", () => {
    show(<ExtensionForm caseId={CASE_ID} used={{ hours: 36, reason: "Surgeon back on Monday." }} />);
    expect(screen.getByTestId("extension-used")).toHaveTextContent("Your hospital asked for 36 more hours: Surgeon back on Monday.");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("the patient's late notice", () => {
  test("says a hospital is late, and that another was asked once one was", () => {
    const { unmount } = show(<LateNotice notice="asking" />);
    expect(screen.getByTestId("late-notice")).toHaveTextContent(en.plans.lateAsking);
    unmount();
    show(<LateNotice notice="rerouted" />);
    expect(screen.getByTestId("late-notice")).toHaveTextContent("One hospital is late, so we have asked another.");
  });
  test("silent when no hospital is late", () => {
    show(<LateNotice notice={null} />);
    expect(screen.queryByTestId("late-notice")).not.toBeInTheDocument();
  });
});
