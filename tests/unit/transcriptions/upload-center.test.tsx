import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import en from "@/messages/en.json";
import { apiErrorSchema } from "@/lib/contracts/errors";
import { consentRecordedSchema, transcriptionPageSchema, transcriptionQueuedSchema, type TranscriptionPage } from "@/lib/contracts/transcriptions";
import { TranscriptionCenter } from "@/components/transcriptions/transcription-center";
import type { UploadResult } from "@/client/upload-with-progress";

// Radix's checkbox measures itself; jsdom has no ResizeObserver.
global.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const toast = jest.fn();
jest.mock("@/components/ui/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

const uploadWithProgress = jest.fn();
jest.mock("@/client/upload-with-progress", () => ({
  ...jest.requireActual("@/client/upload-with-progress"),
  uploadWithProgress: (...args: unknown[]) => uploadWithProgress(...args),
}));

/** A fetch answer (jsdom has no Response): the status and a JSON body, which callers build with the contract's schema. */
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });

const emptyPage: TranscriptionPage = { items: [], nextCursor: null };
/** What GET /api/transcriptions answers; an upload that succeeded adds its row. */
let listed: TranscriptionPage = emptyPage;

const fetchMock = jest.fn();
let consentCount = 0;
beforeEach(() => {
  toast.mockReset();
  uploadWithProgress.mockReset();
  fetchMock.mockReset();
  consentCount = 0;
  listed = emptyPage;
  // POST /api/consent answers 201 {id}, a new id each time; GET /api/transcriptions the list.
  fetchMock.mockImplementation((url: string) =>
    url === "/api/consent" ? answer(201, consentRecordedSchema.parse({ id: `consent-${++consentCount}` })) : answer(200, transcriptionPageSchema.parse(listed)),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
});

const t = en.transcriptions;
const MB = 1024 * 1024;

function file(name: string, size = 2048, type = "application/octet-stream"): File {
  const created = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  Object.defineProperty(created, "size", { value: size });
  return created;
}

/** The center as /dashboard shows it: the upload center beside the list (empty at first). */
function show(speechConfigured = false) {
  // As the app's cache (client/query-provider.tsx): what the server rendered is fresh for half a minute.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={{ transcriptions: en.transcriptions, errors: en.errors, nameRules: en.nameRules }}>
      <QueryClientProvider client={queryClient}>
        <TranscriptionCenter initial={emptyPage} speechConfigured={speechConfigured} showUploader={false} />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const dropZone = () => screen.getByTestId("drop-zone");
/** Choosing in the picker (react-dropzone reads the files asynchronously). */
const choose = async (...files: File[]) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId("transcription-file"), { target: { files } });
  });
};
const dragData = (files: File[]) => ({
  dataTransfer: { files, types: ["Files"], items: files.map((f) => ({ kind: "file", type: f.type, getAsFile: () => f })) },
});
const submit = () => screen.getByRole("button", { name: t.upload.submit });
const consentBox = (type: "recording" | "sharing" | "analysis") =>
  screen.getByRole("checkbox", { name: new RegExp(t.consent[type].slice(0, 30).replace(/[()]/g, "\\$&")) });

describe("the upload center's drop zone", () => {
  it("refuses a file over 500 MB, of another type, an empty one, and two at once, each with its own message", async () => {
    show();
    const cases: [File[], string][] = [
      [[file("big.wav", 500 * MB + 1)], t.dropZone.tooLarge],
      [[file("notes.txt")], t.dropZone.invalidType],
      [[file("empty.pdf", 0)], t.dropZone.empty],
      [[file("a.pdf"), file("b.pdf")], t.dropZone.oneFile],
    ];
    for (const [files, message] of cases) {
      await choose(...files);
      expect(dropZone()).toHaveAttribute("data-state", "rejected");
      expect(screen.getByRole("alert")).toHaveTextContent(message);
      expect(screen.queryByTestId("chosen-file")).not.toBeInTheDocument();
      expect(submit()).toBeDisabled();
    }
    expect(t.dropZone.tooLarge).toBe("File is too large. Maximum size is 500MB.");
    expect(t.dropZone.invalidType).toBe("Invalid file type. Please select a supported format.");
    // A good file after a refusal is accepted, its name becomes the title.
    await choose(file("echo-report.pdf", 3 * MB));
    expect(dropZone()).toHaveAttribute("data-state", "accepted");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("echo-report.pdf");
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("3.0 MB");
    expect(screen.getByLabelText(t.recording.fileTitle)).toHaveValue("echo-report.pdf");
  });

  it("shows the drag-active state while a file is dragged over it, and goes back when it leaves", async () => {
    show();
    const scan = file("scan.png", 2048, "image/png");
    expect(dropZone()).toHaveAttribute("data-state", "idle");
    await act(async () => {
      fireEvent.dragEnter(dropZone(), dragData([scan]));
    });
    expect(dropZone()).toHaveAttribute("data-state", "drag-active");
    expect(dropZone()).toHaveTextContent(t.dropZone.dropHere);
    await act(async () => {
      fireEvent.dragLeave(dropZone(), dragData([scan]));
    });
    expect(dropZone()).toHaveAttribute("data-state", "idle");
    await act(async () => {
      fireEvent.drop(dropZone(), dragData([scan]));
    });
    expect(dropZone()).toHaveAttribute("data-state", "accepted");
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("scan.png");
  });

  it("is reached with the keyboard: the picker opens from a button", async () => {
    show();
    const button = screen.getByRole("button", { name: t.dropZone.choose });
    const input = screen.getByTestId<HTMLInputElement>("transcription-file");
    const opened = jest.spyOn(input, "click");
    button.focus();
    expect(button).toHaveFocus();
    fireEvent.click(button);
    expect(opened).toHaveBeenCalled();
  });

  it("tells before the upload that M4A/MP4 is stored but cannot be transcribed, suggesting MP3 or WAV", async () => {
    show(true);
    await choose(file("visit.m4a"));
    expect(screen.getByTestId("speech-engine-note")).toHaveTextContent(t.recording.formatUnsupported);
    expect(t.recording.formatUnsupported).toMatch(/MP3 or WAV/);
    await choose(file("visit.mp4"));
    expect(screen.getByTestId("speech-engine-note")).toHaveTextContent(t.recording.formatUnsupported);
    await choose(file("visit.mp3"));
    expect(screen.getByTestId("speech-engine-note")).toHaveTextContent(t.recording.speechConfigured);
  });
});

describe("submitting", () => {
  it("is disabled without a file and without recording consent", async () => {
    show();
    expect(submit()).toBeDisabled();
    await choose(file("a.pdf"));
    expect(submit()).toBeDisabled();
    fireEvent.click(consentBox("sharing"));
    expect(submit()).toBeDisabled();
    fireEvent.click(consentBox("recording"));
    expect(submit()).toBeEnabled();
    expect(screen.getByText(t.consent.thanks)).toBeInTheDocument();
  });

  it("records each ticked consent, sends their ids before the file, shows 'Uploading...' while pending, then resets and lists the new row", async () => {
    show();
    let finish: (result: UploadResult) => void = () => {};
    uploadWithProgress.mockImplementation(({ onProgress }: { onProgress: (p: number[]) => void }) => {
      onProgress([0.4]);
      return new Promise<UploadResult>((resolve) => (finish = resolve));
    });
    await choose(file("round.wav"));
    fireEvent.click(consentBox("recording"));
    fireEvent.click(consentBox("analysis"));
    fireEvent.click(submit());
    const pending = await screen.findByRole("button", { name: t.upload.pending });
    expect(pending).toBeDisabled();
    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalled());
    expect(screen.getByRole("button", { name: t.upload.pending })).toBeDisabled();
    expect(screen.getByLabelText("Upload progress of round.wav")).toBeInTheDocument();

    expect(fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))])).toEqual([
      ["/api/consent", { consentType: "recording", granted: true }],
      ["/api/consent", { consentType: "analysis", granted: true }],
    ]);
    const options = uploadWithProgress.mock.calls[0][0] as { url: string; fields: Record<string, string>; files: File[] };
    expect(options.url).toBe("/api/transcriptions");
    expect(Object.keys(options.fields)[0]).toBe("consentIds");
    expect(options.fields).toMatchObject({ consentIds: "consent-1,consent-2", title: "round.wav", meetingType: "consultation", language: "en-US" });
    expect(options.files.map((f) => f.name)).toEqual(["round.wav"]);

    listed = {
      items: [
        {
          id: "t1",
          title: "round.wav",
          kind: "audio",
          status: "queued",
          statusReason: null,
          meetingType: "consultation",
          fileName: "round.wav",
          uploadedBy: null,
          createdAt: "2026-01-05T10:00:00.000Z",
          completedAt: null,
        },
      ],
      nextCursor: null,
    };
    expect(screen.queryByTestId("transcription-row")).not.toBeInTheDocument();
    await act(async () => finish({ status: 201, body: transcriptionQueuedSchema.parse({ id: "t1", status: "queued" }), text: "" }));
    expect(toast).toHaveBeenCalledWith({ title: t.toast.successTitle, description: t.toast.success });
    // The list asks again at once: the new row shows, queued.
    expect(await screen.findByTestId("transcription-row")).toHaveTextContent("round.wav");
    expect(screen.getByTestId("transcription-status")).toHaveTextContent(t.status.queued);
    expect(dropZone()).toHaveAttribute("data-state", "idle");
    expect(submit()).toBeDisabled();
  });

  it("on a server error: the drop zone's failed state, and 'Upload Failed' with the server's message", async () => {
    show();
    uploadWithProgress.mockResolvedValue({
      status: 400,
      body: apiErrorSchema.parse({ error: "You must consent to recording transcription to proceed." }),
      text: "",
    });
    await choose(file("a.pdf"));
    fireEvent.click(consentBox("recording"));
    fireEvent.click(submit());
    await waitFor(() => expect(dropZone()).toHaveAttribute("data-state", "rejected"));
    expect(screen.getByRole("alert")).toHaveTextContent("File upload failed. Please try again.");
    expect(toast).toHaveBeenCalledWith({
      title: "Upload Failed",
      description: "You must consent to recording transcription to proceed.",
      variant: "destructive",
    });
    // The file stays chosen, so the user can try again.
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("a.pdf");
    expect(submit()).toBeEnabled();
  });

  it("on a network error or an answer without a message: the failed state and the fallback 'Upload failed'", async () => {
    show();
    uploadWithProgress.mockRejectedValueOnce(new Error("network"));
    await choose(file("a.pdf"));
    fireEvent.click(consentBox("recording"));
    fireEvent.click(submit());
    await waitFor(() => expect(dropZone()).toHaveAttribute("data-state", "rejected"));
    expect(screen.getByRole("alert")).toHaveTextContent(t.dropZone.failed);
    expect(toast).toHaveBeenLastCalledWith({ title: "Upload Failed", description: "Upload failed", variant: "destructive" });

    uploadWithProgress.mockResolvedValueOnce({ status: 502, body: null, text: "" });
    fireEvent.click(submit());
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(2));
    expect(toast).toHaveBeenLastCalledWith({ title: "Upload Failed", description: "Upload failed", variant: "destructive" });
    expect(dropZone()).toHaveAttribute("data-state", "rejected");
  });

  it("a refused consent call stops before the upload, with the failed state", async () => {
    show();
    fetchMock.mockImplementationOnce(() => answer(429, apiErrorSchema.parse({ error: "Too many requests.", code: "rate_limited" })));
    await choose(file("a.pdf"));
    fireEvent.click(consentBox("recording"));
    fireEvent.click(submit());
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: "Upload Failed", description: "Too many requests.", variant: "destructive" }));
    expect(uploadWithProgress).not.toHaveBeenCalled();
    expect(dropZone()).toHaveAttribute("data-state", "rejected");
  });

  it("checks the patient information with the server's rules after a blur, and sends only what was filled in", async () => {
    show();
    uploadWithProgress.mockResolvedValue({ status: 201, body: transcriptionQueuedSchema.parse({ id: "t1", status: "queued" }), text: "" });
    await choose(file("a.pdf"));
    fireEvent.click(consentBox("recording"));
    const physician = screen.getByLabelText(t.patient.attendingPhysician);
    fireEvent.change(physician, { target: { value: "Dr. Okafor 2" } });
    expect(screen.queryByText(en.nameRules.digits)).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.blur(physician);
    });
    expect(screen.getByText(en.nameRules.digits)).toBeInTheDocument();
    expect(physician).toHaveAttribute("aria-invalid", "true");
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(uploadWithProgress).not.toHaveBeenCalled();
    expect(physician).toHaveFocus();

    fireEvent.change(physician, { target: { value: "  Dr.  Okafor " } });
    fireEvent.change(screen.getByLabelText(t.patient.patientId), { target: { value: "AFY-12345" } });
    await act(async () => {
      fireEvent.click(submit());
    });
    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalled());
    const { fields } = uploadWithProgress.mock.calls[0][0] as { fields: Record<string, string> };
    expect(JSON.parse(fields.patientInfo)).toEqual({ patientId: "AFY-12345", attendingPhysician: "Dr. Okafor" });
  });

  it("puts a refusal the server names a field for on that field, with the focus there", async () => {
    show();
    uploadWithProgress.mockResolvedValue({
      status: 400,
      body: apiErrorSchema.parse({ error: "Please use at most 100 characters.", code: "too_long", field: "patientInfo.patientId" }),
      text: "",
    });
    await choose(file("a.pdf"));
    fireEvent.click(consentBox("recording"));
    await act(async () => {
      fireEvent.click(submit());
    });
    await waitFor(() => expect(screen.getByLabelText(t.patient.patientId)).toHaveFocus());
    expect(screen.getByLabelText(t.patient.patientId)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Please use at most 100 characters.")).toBeInTheDocument();
  });
});
