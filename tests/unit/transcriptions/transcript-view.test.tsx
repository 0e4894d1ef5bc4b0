import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import yo from "@/messages/yo.json";
import { apiErrorSchema } from "@/lib/contracts/errors";
import type { StatusReason } from "@/lib/contracts/transcription-reasons";
import { transcriptionDetailSchema, transcriptionQueuedSchema, type TranscriptionDetail } from "@/lib/contracts/transcriptions";
import { TranscriptView } from "@/components/transcriptions/transcript-view";

const toast = jest.fn();
jest.mock("@/components/ui/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));
const push = jest.fn();
// The back link and the way to the list after a delete.
jest.mock("@/lib/i18n/navigation", () => ({ Link: (props: { href: string }) => <a {...props} />, useRouter: () => ({ push }) }));

const t = en.transcriptions;
const POLL_MS = 5000;

/** The transcription as GET /api/transcriptions/[id] answers it (checked with the contract). */
function detail(overrides: Partial<TranscriptionDetail>): TranscriptionDetail {
  return transcriptionDetailSchema.parse({
    id: "5d0c4a52-8a51-4cf2-9b0e-0d8f4b6c9a10",
    title: "ward-round.pdf",
    kind: "pdf",
    status: "processing",
    statusReason: null,
    reason: null,
    progress: null,
    meetingType: "consultation",
    fileName: "ward-round.pdf",
    uploadedBy: "Amina Bello",
    createdAt: "2026-01-05T10:00:00.000Z",
    completedAt: null,
    department: null,
    language: null,
    patientInfo: null,
    text: null,
    segments: [],
    engine: null,
    startedAt: "2026-01-05T10:00:01.000Z",
    file: {
      name: "ward-round.pdf",
      size: 2048,
      mimeType: "application/pdf",
      available: true,
      scanStatus: "not_scanned",
      deletedAt: null,
      deleteAfter: "2026-07-04T10:00:00.000Z",
    },
    mine: true,
    retryable: false,
    consents: [],
    ...overrides,
  });
}

const answer = (status: number, body: unknown) => Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });
const fetchMock = jest.fn();
const detailCalls = () =>
  fetchMock.mock.calls.filter(([url, init]) => url === `/api/transcriptions/${detail({}).id}` && (init as RequestInit).method === "GET").length;

beforeEach(() => {
  jest.useFakeTimers();
  toast.mockReset();
  push.mockReset();
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => jest.useRealTimers());

function show(initial: TranscriptionDetail, locale = "en", messages: typeof en = en) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  render(
    <NextIntlClientProvider locale={locale} timeZone="UTC" messages={{ transcriptions: messages.transcriptions, errors: messages.errors }}>
      <QueryClientProvider client={queryClient}>
        <TranscriptView initial={initial} />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

/** Lets `ms` pass, then the answers arrive (TanStack Query tells React on a zero timeout). */
const wait = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(1);
  });

describe("the transcript page", () => {
  it("follows a running job every 5 seconds, shows the transcript when it completes, then stops asking", async () => {
    const done = detail({
      status: "completed",
      text: "Blood pressure 128/82.",
      segments: [{ page: 1, text: "Blood pressure 128/82." }],
      completedAt: "2026-01-05T10:00:09.000Z",
    });
    fetchMock.mockImplementationOnce(() => answer(200, detail({ status: "processing" }))).mockImplementation(() => answer(200, done));
    show(detail({ status: "queued" }));
    expect(screen.getByTestId("transcription-status")).toHaveTextContent(t.status.queued);
    expect(detailCalls()).toBe(0);

    await wait(POLL_MS);
    expect(detailCalls()).toBe(1);
    expect(screen.getByTestId("transcription-status")).toHaveTextContent(t.status.processing);
    await wait(POLL_MS);
    expect(detailCalls()).toBe(2);
    expect(screen.getByTestId("transcription-status")).toHaveTextContent(t.status.completed);
    expect(screen.getByTestId("transcript")).toHaveTextContent("Blood pressure 128/82.");

    await wait(POLL_MS * 4);
    expect(detailCalls()).toBe(2);
  });

  it("shows how many scanned pages OCR has read while it reads them", async () => {
    fetchMock.mockImplementation(() => answer(200, detail({ status: "processing", progress: { done: 2, total: 3 } })));
    show(detail({ status: "processing", progress: { done: 1, total: 3 } }));
    expect(screen.getByTestId("transcription-progress")).toHaveTextContent("Reading scanned pages: 1 of 3 done");
    await wait(POLL_MS);
    expect(screen.getByTestId("transcription-progress")).toHaveTextContent("Reading scanned pages: 2 of 3 done");
  });

  it("does not ask at all for a finished transcription", async () => {
    show(detail({ status: "failed", statusReason: "The engine gave up." }));
    await wait(POLL_MS * 3);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId("transcription-reason")).toHaveTextContent("The engine gave up.");
  });

  it("says a coded reason in the reader's language, its cause and technical detail inside; a row without a code keeps its text", async () => {
    const reason: StatusReason = {
      code: "attempt_failed_will_retry",
      params: { attempt: 2, max: 4, reason: { code: "pdf_unreadable", params: { detail: "Invalid PDF structure." } } },
    };
    show(detail({ status: "failed", statusReason: "Attempt 2 of 4 failed (…); it will be retried.", reason }), "fr", fr);
    expect(screen.getByTestId("transcription-reason")).toHaveTextContent(
      "La tentative 2 sur 4 a échoué (Ce fichier n’a pas pu être lu comme un PDF (Invalid PDF structure.).) ; elle sera relancée.",
    );
    cleanup();
    show(detail({ status: "needs_engine", statusReason: "No speech engine.", reason: { code: "no_speech_engine" } }), "yo", yo);
    expect(screen.getByTestId("transcription-reason")).toHaveTextContent(yo.transcriptions.reason.no_speech_engine);
    cleanup();
    show(detail({ status: "failed", statusReason: "Written before the codes." }), "fr", fr);
    expect(screen.getByTestId("transcription-reason")).toHaveTextContent("Written before the codes.");
  });

  it("'Try again' queues it again and the page follows it from there; a refusal shows the server's text", async () => {
    const id = detail({}).id;
    fetchMock.mockImplementation((url: string) =>
      url.endsWith("/retry") ? answer(202, transcriptionQueuedSchema.parse({ id, status: "queued" })) : answer(200, detail({ status: "queued" })),
    );
    show(detail({ status: "failed", retryable: true }));
    fireEvent.click(screen.getByRole("button", { name: t.detail.retry }));
    await wait(0);
    expect(fetchMock).toHaveBeenCalledWith(`/api/transcriptions/${id}/retry`, expect.objectContaining({ method: "POST" }));
    expect(toast).toHaveBeenCalledWith({ title: t.detail.retried });
    // The retry invalidated the transcription: it is fetched again, queued, and then followed.
    expect(screen.getByTestId("transcription-status")).toHaveTextContent(t.status.queued);
    const calls = detailCalls();
    await wait(POLL_MS);
    expect(detailCalls()).toBe(calls + 1);

    fetchMock.mockImplementation(() => answer(409, apiErrorSchema.parse({ error: "Only a failed transcription can be tried again." })));
    cleanup();
    show(detail({ status: "failed", retryable: true }));
    fireEvent.click(screen.getByRole("button", { name: t.detail.retry }));
    await wait(0);
    expect(toast).toHaveBeenLastCalledWith({
      title: t.detail.retryFailed,
      description: "Only a failed transcription can be tried again.",
      variant: "destructive",
    });
  });
});
