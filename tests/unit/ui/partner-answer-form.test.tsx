import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AnswerForms } from "@/components/partner/answer-forms";
import { localToday } from "@/lib/contracts/dates";
import { planCreatedSchema } from "@/lib/contracts/plans";
import en from "@/messages/en.json";

const refresh = jest.fn();
jest.mock("@/lib/i18n/navigation", () => ({ useRouter: () => ({ refresh }) }));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  refresh.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function show() {
  return render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={{ partner: en.partner, errors: en.errors }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <AnswerForms caseId="5f0c7f6e-0000-4000-8000-000000000001" />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const valid = {
  "Diagnosis summary": "L4-L5 disc herniation",
  "Proposed treatment": "Microdiscectomy",
  "What is included": "Surgery, 3 nights, physiotherapy",
  "Length of stay (days)": "4",
  "Lead doctor": "Dr Aydın",
  "Minimum price": "7000",
  "Maximum price": "9000",
  "Valid until": addDays(localToday(), 30),
};

describe("the hospital's plan form (the shared plan schema)", () => {
  test("refuses the user's own today, a price range upside down and a missing field, each on its field, before anything is sent", async () => {
    show();
    fill({ ...valid, "Valid until": localToday(), "Minimum price": "9000", "Maximum price": "7000", "Lead doctor": "" });
    fireEvent.click(screen.getByRole("button", { name: "Send treatment plan" }));
    expect(await screen.findByText("Choose a date in the future.")).toBeVisible();
    expect(screen.getByText("The maximum price must not be lower than the minimum price.")).toBeVisible();
    expect(screen.getByText("This field is required.")).toBeVisible();
    expect(screen.getByLabelText("Lead doctor")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("Please correct the marked fields.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("sends the plan as the API takes it (numbers, trimmed, no empty message) and refreshes the case", async () => {
    fetchMock.mockResolvedValueOnce({ ok: true, status: 201, json: async () => planCreatedSchema.parse({ planId: "plan-1" }) });
    show();
    fill({ ...valid, "Lead doctor": "  Dr Aydın  " });
    fireEvent.click(screen.getByRole("button", { name: "Send treatment plan" }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/partner/cases/5f0c7f6e-0000-4000-8000-000000000001/plan");
    expect(JSON.parse(String(init.body))).toEqual({
      diagnosisSummary: "L4-L5 disc herniation",
      proposedTreatment: "Microdiscectomy",
      included: "Surgery, 3 nights, physiotherapy",
      lengthOfStayDays: 4,
      priceMin: 7000,
      priceMax: 9000,
      currency: "USD",
      validUntil: valid["Valid until"],
      leadDoctor: "Dr Aydın",
    });
  });

  test("a refusal that names a field is shown on that field, in the server's words", async () => {
    const answer = { error: "Choose a date in the future.", code: "plan_valid_until", field: "validUntil" };
    fetchMock.mockResolvedValueOnce({ ok: false, status: 400, json: async () => answer });
    show();
    fill(valid);
    fireEvent.click(screen.getByRole("button", { name: "Send treatment plan" }));
    expect(await screen.findByText("Choose a date in the future.")).toBeVisible();
    expect(screen.getByLabelText("Valid until")).toHaveFocus();
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("localToday", () => {
  test("is the date where the user is, not in UTC", () => {
    const lateEvening = new Date("2026-03-01T23:30:00Z");
    expect(localToday(lateEvening, "Africa/Lagos")).toBe("2026-03-02");
    expect(localToday(lateEvening, "UTC")).toBe("2026-03-01");
    expect(localToday(new Date("2026-03-02T03:00:00Z"), "America/New_York")).toBe("2026-03-01");
  });
});
