import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import en from "@/messages/en.json";
import { UploadCenter } from "@/components/transcriptions/upload-center";
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

const fetchMock = jest.fn();
let consentCount = 0;
beforeEach(() => {
  toast.mockReset();
  uploadWithProgress.mockReset();
  fetchMock.mockReset();
  consentCount = 0;
  // POST /api/consent answers 201 {id}, a new id each time.
  fetchMock.mockImplementation(() => Promise.resolve({ ok: true, status: 201, json: () => Promise.resolve({ id: `consent-${++consentCount}` }) }));
  global.fetch = fetchMock as unknown as typeof fetch;
});

const t = en.transcriptions;
const MB = 1024 * 1024;

function file(name: string, size = 2048, type = "application/octet-stream"): File {
  const created = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  Object.defineProperty(created, "size", { value: size });
  return created;
}

function show(onUploaded = jest.fn(), speechConfigured = false) {
  render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={{ transcriptions: en.transcriptions }}>
      <UploadCenter speechConfigured={speechConfigured} onUploaded={onUploaded} />
    </NextIntlClientProvider>,
  );
  return onUploaded;
}

const dropZone = () => screen.getByTestId("drop-zone");
const choose = (...files: File[]) => fireEvent.change(screen.getByTestId("transcription-file"), { target: { files } });
const submit = () => screen.getByRole("button", { name: t.upload.submit });
const consentBox = (type: "recording" | "sharing" | "analysis") => screen.getByRole("checkbox", { name: new RegExp(t.consent[type].slice(0, 30).replace(/[()]/g, "\\$&")) });

describe("the upload center's drop zone", () => {
  it("refuses a file over 500 MB, of another type, an empty one, and two at once, with SPEC's messages", () => {
    show();
    const cases: [File[], string][] = [
      [[file("big.wav", 500 * MB + 1)], t.dropZone.tooLarge],
      [[file("notes.txt")], t.dropZone.invalidType],
      [[file("empty.pdf", 0)], t.dropZone.empty],
      [[file("a.pdf"), file("b.pdf")], t.dropZone.oneFile],
    ];
    for (const [files, message] of cases) {
      choose(...files);
      expect(dropZone()).toHaveAttribute("data-state", "rejected");
      expect(screen.getByRole("alert")).toHaveTextContent(message);
      expect(screen.queryByTestId("chosen-file")).not.toBeInTheDocument();
      expect(submit()).toBeDisabled();
    }
    expect(t.dropZone.tooLarge).toBe("File is too large. Maximum size is 500MB.");
    expect(t.dropZone.invalidType).toBe("Invalid file type. Please select a supported format.");
    // A good file after a refusal is accepted, its name becomes the title.
    choose(file("echo-report.pdf", 3 * MB));
    expect(dropZone()).toHaveAttribute("data-state", "accepted");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("echo-report.pdf");
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("3.00 MB");
    expect(screen.getByLabelText(t.recording.fileTitle)).toHaveValue("echo-report.pdf");
  });

  it("shows the drag-active state while a file is dragged over it, and goes back when it leaves", () => {
    show();
    expect(dropZone()).toHaveAttribute("data-state", "idle");
    fireEvent.dragOver(dropZone());
    expect(dropZone()).toHaveAttribute("data-state", "drag-active");
    expect(dropZone()).toHaveTextContent(t.dropZone.dropHere);
    fireEvent.dragLeave(dropZone());
    expect(dropZone()).toHaveAttribute("data-state", "idle");
    fireEvent.drop(dropZone(), { dataTransfer: { files: [file("scan.png")] } });
    expect(dropZone()).toHaveAttribute("data-state", "accepted");
  });

  it("tells before the upload that M4A/MP4 is stored but cannot be transcribed, suggesting MP3 or WAV", () => {
    show(jest.fn(), true);
    choose(file("visit.m4a"));
    expect(screen.getByTestId("speech-engine-note")).toHaveTextContent(t.recording.formatUnsupported);
    expect(t.recording.formatUnsupported).toMatch(/MP3 or WAV/);
    choose(file("visit.mp4"));
    expect(screen.getByTestId("speech-engine-note")).toHaveTextContent(t.recording.formatUnsupported);
    choose(file("visit.mp3"));
    expect(screen.getByTestId("speech-engine-note")).toHaveTextContent(t.recording.speechConfigured);
  });
});

describe("submitting", () => {
  it("is disabled without a file and without recording consent", () => {
    show();
    expect(submit()).toBeDisabled();
    choose(file("a.pdf"));
    expect(submit()).toBeDisabled();
    fireEvent.click(consentBox("sharing"));
    expect(submit()).toBeDisabled();
    fireEvent.click(consentBox("recording"));
    expect(submit()).toBeEnabled();
    expect(screen.getByText(t.consent.thanks)).toBeInTheDocument();
  });

  it("records each ticked consent, sends their ids before the file, shows 'Uploading...' while pending, then resets", async () => {
    const onUploaded = show();
    let finish: (result: UploadResult) => void = () => {};
    uploadWithProgress.mockImplementation(({ onProgress }: { onProgress: (p: number[]) => void }) => {
      onProgress([0.4]);
      return new Promise<UploadResult>((resolve) => (finish = resolve));
    });
    choose(file("round.wav"));
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

    await act(async () => finish({ status: 201, body: { id: "t1", status: "queued" }, text: "" }));
    expect(toast).toHaveBeenCalledWith({ title: t.toast.successTitle, description: t.toast.success });
    expect(onUploaded).toHaveBeenCalled();
    expect(dropZone()).toHaveAttribute("data-state", "idle");
    expect(submit()).toBeDisabled();
  });

  it("on a server error: the drop zone's failed state, and 'Upload Failed' with the server's message", async () => {
    show();
    uploadWithProgress.mockResolvedValue({ status: 400, body: { error: "You must consent to recording transcription to proceed." }, text: "" });
    choose(file("a.pdf"));
    fireEvent.click(consentBox("recording"));
    fireEvent.click(submit());
    await waitFor(() => expect(dropZone()).toHaveAttribute("data-state", "rejected"));
    expect(screen.getByRole("alert")).toHaveTextContent("File upload failed. Please try again.");
    expect(toast).toHaveBeenCalledWith({ title: "Upload Failed", description: "You must consent to recording transcription to proceed.", variant: "destructive" });
    // The file stays chosen, so the user can try again.
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("a.pdf");
    expect(submit()).toBeEnabled();
  });

  it("on a network error or an answer without a message: the failed state and SPEC's fallback 'Upload failed'", async () => {
    show();
    uploadWithProgress.mockRejectedValueOnce(new Error("network"));
    choose(file("a.pdf"));
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
    fetchMock.mockImplementationOnce(() => Promise.resolve({ ok: false, status: 429, text: () => Promise.resolve(JSON.stringify({ error: "Too many requests." })) }));
    choose(file("a.pdf"));
    fireEvent.click(consentBox("recording"));
    fireEvent.click(submit());
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: "Upload Failed", description: "Too many requests.", variant: "destructive" }));
    expect(uploadWithProgress).not.toHaveBeenCalled();
    expect(dropZone()).toHaveAttribute("data-state", "rejected");
  });
});
