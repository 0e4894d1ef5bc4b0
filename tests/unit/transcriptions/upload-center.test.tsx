import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { apiErrorSchema } from "@/lib/contracts/errors";
import { consentRecordedSchema, transcriptionAnnouncedSchema, transcriptionPageSchema, type TranscriptionPage } from "@/lib/contracts/transcriptions";
import { TranscriptionCenter } from "@/components/transcriptions/transcription-center";
import { TranscriptionList } from "@/components/transcriptions/transcription-list";
import { ApiError } from "@/client/api";
import type { SendCallbacks, SendHandle } from "@/client/uploads/send-file";

// Radix's checkbox measures itself; jsdom has no ResizeObserver.
global.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const toast = jest.fn();
jest.mock("@/components/ui/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

// tus-js-client's side of the upload (client/uploads/send-file.ts) is played by the test: progress, then the file arrives or is refused.
const sendFile = jest.fn();
jest.mock("@/client/uploads/send-file", () => ({
  ...jest.requireActual("@/client/uploads/send-file"),
  sendFile: (...args: unknown[]) => sendFile(...args),
}));
let sent: { callbacks: SendCallbacks; handle: SendHandle & { pause: jest.Mock; resume: jest.Mock }; arrive: () => void; refuse: (error: unknown) => void };
function sendsUntilSettled(file: File, _id: string, callbacks: SendCallbacks): SendHandle {
  let arrive!: () => void;
  let refuse!: (error: unknown) => void;
  const done = new Promise<void>((resolve, reject) => ((arrive = resolve), (refuse = reject)));
  sent = { callbacks, handle: { pause: jest.fn(), resume: jest.fn(), done }, arrive, refuse };
  callbacks.onProgress({ sent: Math.round(file.size * 0.4), total: file.size, bytesPerSecond: 64 * 1024 });
  return sent.handle;
}

/** A fetch answer (jsdom has no Response): the status and a JSON body, which callers build with the contract's schema. */
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });

const emptyPage: TranscriptionPage = { items: [], nextCursor: null };
/** What GET /api/transcriptions answers; an upload that succeeded adds its row. */
let listed: TranscriptionPage = emptyPage;

/** What POST /api/transcriptions answers (JSON): the file's upload. */
const announced = (name: string, size: number) =>
  transcriptionAnnouncedSchema.parse({
    upload: { id: "0123456789abcdef0123456789abcdef", name, size, receivedBytes: 0, state: "waiting", expiresAt: "2026-01-06T10:00:00.000Z" },
  });
let announceAnswer: (body: { file: { name: string; size: number } }) => ReturnType<typeof answer>;

const fetchMock = jest.fn();
let consentCount = 0;
beforeEach(() => {
  toast.mockReset();
  sendFile.mockReset();
  sendFile.mockImplementation(sendsUntilSettled);
  fetchMock.mockReset();
  consentCount = 0;
  listed = emptyPage;
  announceAnswer = ({ file }) => answer(201, announced(file.name, file.size));
  // POST /api/consent answers 201 {id}, a new id each time; POST /api/transcriptions the upload; GET /api/transcriptions the list.
  fetchMock.mockImplementation((url: string, init?: RequestInit) => {
    if (url === "/api/consent") return answer(201, consentRecordedSchema.parse({ id: `consent-${++consentCount}` }));
    if (url === "/api/transcriptions" && init?.method === "POST") return announceAnswer(JSON.parse(String(init.body)));
    return answer(200, transcriptionPageSchema.parse(listed));
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

/** The JSON bodies of the POST calls, in order. */
const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === "POST")
    .map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))]);

const t = en.transcriptions;
const MB = 1024 * 1024;

/** The first bytes of each type (the upload center checks them as the server does). */
const HEADS: Record<string, number[]> = {
  pdf: Array.from("%PDF-1.4\n", (c) => c.charCodeAt(0)),
  wav: [...Array.from("RIFF", (c) => c.charCodeAt(0)), 0x24, 0x08, 0, 0, ...Array.from("WAVEfmt ", (c) => c.charCodeAt(0))],
  mp3: [...Array.from("ID3", (c) => c.charCodeAt(0)), 4, 0, 0, 0, 0, 0, 0],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  m4a: [0, 0, 0, 0x1c, ...Array.from("ftypM4A ", (c) => c.charCodeAt(0))],
  ogg: Array.from("OggS\0\x02", (c) => c.charCodeAt(0)),
  opus: Array.from("OggS\0\x02", (c) => c.charCodeAt(0)),
  webm: [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...Array.from("webm", (c) => c.charCodeAt(0))],
};
/** A file of `size` bytes (as it reports) that starts as its type does, unless `head` says otherwise. */
function file(name: string, size = 2048, type = "application/octet-stream", head = HEADS[name.split(".").pop() ?? ""] ?? []): File {
  const bytes = new Uint8Array(Math.min(size, 64));
  bytes.set(head.slice(0, bytes.length));
  const created = new File([bytes], name, { type });
  Object.defineProperty(created, "size", { value: size });
  return created;
}

/** The center as /dashboard shows it: the upload center beside the list (empty at first). */
function show(speechConfigured = false, locale = "en") {
  // As the app's cache (client/query-provider.tsx): what the server rendered is fresh for half a minute.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  render(
    <NextIntlClientProvider
      locale={locale}
      timeZone="UTC"
      messages={{ transcriptions: en.transcriptions, errors: en.errors, nameRules: en.nameRules, uploads: en.uploads }}
    >
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

  it("treats voice notes from phones and browsers as audio to transcribe: the spoken language is asked", async () => {
    show(true);
    for (const name of ["New Recording 3.m4a", "PTT-20261126-WA0003.opus", "voice.ogg", "note.webm", "visit.mp3"]) {
      await choose(file(name));
      expect(screen.getByTestId("speech-engine-note")).toHaveTextContent(t.recording.speechConfigured);
      expect(screen.getByLabelText(t.recording.language)).toBeInTheDocument();
    }
  });

  it("starts the spoken language as the interface language's; Pidgin, Yoruba and Igbo readers start with Nigerian English", async () => {
    const expected = { en: "en-US", fr: "fr-FR", ar: "ar-SA", ha: "ha-NG", zh: "cmn-Hans-CN", pcm: "en-NG", yo: "en-NG", ig: "en-NG" };
    for (const [locale, language] of Object.entries(expected)) {
      show(true, locale);
      await choose(file("visit.mp3"));
      expect(screen.getByLabelText<HTMLSelectElement>(t.recording.language).value).toBe(language);
      cleanup();
    }
  });

  it("asks the language of a PDF or image (OCR reads scanned pages in it), not of a DICOM file", async () => {
    show(true);
    await choose(file("scan.pdf"));
    expect(screen.getByLabelText(t.recording.documentLanguage)).toBeInTheDocument();
    expect(screen.queryByTestId("speech-engine-note")).not.toBeInTheDocument();
    await choose(file("letter.png"));
    expect(screen.getByLabelText(t.recording.documentLanguage)).toBeInTheDocument();
    await choose(file("ct.dcm", 2048, "application/dicom", [...new Array(128).fill(0), ...Array.from("DICM", (c) => c.charCodeAt(0))]));
    expect(screen.queryByLabelText(t.recording.documentLanguage)).not.toBeInTheDocument();
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
    expect(screen.getByText(t.consent.required)).toBeInTheDocument();
    fireEvent.click(consentBox("recording"));
    expect(submit()).toBeEnabled();
    expect(screen.queryByText(t.consent.required)).toBeNull();
    // Nothing is recorded by ticking a box: the thanks waits for the server.
    expect(screen.queryByText(t.consent.thanks)).toBeNull();
  });

  it("records each ticked consent, announces the upload with their ids, sends the file with progress, speed and pause, then resets and lists the new row", async () => {
    show();
    const wav = file("round.wav", 2 * MB);
    await choose(wav);
    fireEvent.click(consentBox("recording"));
    fireEvent.click(consentBox("analysis"));
    fireEvent.click(submit());
    await waitFor(() => expect(sendFile).toHaveBeenCalled());
    expect(screen.getByRole("button", { name: t.upload.pending })).toBeDisabled();
    // The consents were recorded with the announcement: now they are thanked for.
    expect(screen.getByText(t.consent.thanks)).toBeInTheDocument();
    // Leaving the page while the file travels asks first.
    const leaving = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    expect(posts()).toEqual([
      ["/api/consent", { consentType: "recording", granted: true }],
      ["/api/consent", { consentType: "analysis", granted: true }],
      [
        "/api/transcriptions",
        {
          title: "round.wav",
          meetingType: "consultation",
          language: "en-US",
          consentIds: ["consent-1", "consent-2"],
          file: { name: "round.wav", size: 2 * MB },
        },
      ],
    ]);
    // The very file, through the upload the server announced.
    expect(sendFile.mock.calls[0].slice(0, 2)).toEqual([wav, "0123456789abcdef0123456789abcdef"]);

    // The upload list's row: how much arrived, the speed, and a pause button.
    const row = screen.getByTestId("upload-row");
    expect(screen.getByLabelText("Upload progress of round.wav")).toBeInTheDocument();
    expect(row).toHaveTextContent("819 kB of 2.0 MB");
    expect(row).toHaveTextContent("64 kB/s");
    fireEvent.click(screen.getByRole("button", { name: "Pause round.wav" }));
    expect(sent.handle.pause).toHaveBeenCalled();
    expect(row).toHaveTextContent(en.uploads.state.paused);
    expect(screen.getByRole("button", { name: t.upload.pending })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Resume round.wav" }));
    expect(sent.handle.resume).toHaveBeenCalled();

    listed = {
      items: [
        {
          id: "t1",
          title: "round.wav",
          kind: "audio",
          status: "queued",
          statusReason: null,
          reason: null,
          progress: null,
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
    expect(toast).not.toHaveBeenCalled();
    await act(async () => sent.arrive());
    expect(toast).toHaveBeenCalledWith({ title: t.toast.successTitle, description: t.toast.success });
    // The list asks again at once: the new row shows, queued.
    expect(await screen.findByTestId("transcription-row")).toHaveTextContent("round.wav");
    expect(screen.getByTestId("transcription-status")).toHaveTextContent(t.status.queued);
    expect(dropZone()).toHaveAttribute("data-state", "idle");
    expect(screen.queryByTestId("upload-row")).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    const afterwards = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(afterwards);
    expect(afterwards.defaultPrevented).toBe(false);
  });

  it("a file whose first bytes are not a type we transcribe is refused before any consent is recorded", async () => {
    show();
    await choose(
      file(
        "notes.pdf",
        2048,
        "application/pdf",
        Array.from("MZ", (c) => c.charCodeAt(0)),
      ),
    );
    fireEvent.click(consentBox("recording"));
    fireEvent.click(submit());
    await waitFor(() => expect(dropZone()).toHaveAttribute("data-state", "rejected"));
    expect(toast).toHaveBeenCalledWith({ title: "Upload Failed", description: en.errors.transcription_invalid_type, variant: "destructive" });
    expect(screen.getByTestId("upload-row")).toHaveTextContent(en.errors.transcription_invalid_type);
    expect(posts()).toEqual([]);
    expect(sendFile).not.toHaveBeenCalled();
  });

  it("a file the upload endpoint refuses: its row says why, with the failed state and the server's message", async () => {
    show();
    await choose(file("a.pdf"));
    fireEvent.click(consentBox("recording"));
    fireEvent.click(submit());
    await waitFor(() => expect(sendFile).toHaveBeenCalled());
    await act(async () => sent.refuse(new ApiError(415, "transcription_invalid_type", "Invalid file type. Please select a supported format.")));
    expect(dropZone()).toHaveAttribute("data-state", "rejected");
    expect(toast).toHaveBeenCalledWith({ title: "Upload Failed", description: "Invalid file type. Please select a supported format.", variant: "destructive" });
    expect(screen.getByTestId("upload-row")).toHaveAttribute("data-state", "refused");
    expect(submit()).toBeEnabled();
  });

  it("on a server error: the drop zone's failed state, and 'Upload Failed' with the server's message", async () => {
    show();
    announceAnswer = () => answer(400, apiErrorSchema.parse({ error: "You must consent to recording transcription to proceed." }));
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
    expect(sendFile).not.toHaveBeenCalled();
  });

  it("on a network error or an answer without a message: the failed state and the fallback 'Upload failed'", async () => {
    show();
    announceAnswer = () => Promise.reject(new TypeError("Failed to fetch"));
    await choose(file("a.pdf"));
    fireEvent.click(consentBox("recording"));
    fireEvent.click(submit());
    await waitFor(() => expect(dropZone()).toHaveAttribute("data-state", "rejected"));
    expect(screen.getByRole("alert")).toHaveTextContent(t.dropZone.failed);
    expect(toast).toHaveBeenLastCalledWith({ title: "Upload Failed", description: "Upload failed", variant: "destructive" });

    announceAnswer = () => answer(502, null);
    fireEvent.click(submit());
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(2));
    expect(toast).toHaveBeenLastCalledWith({ title: "Upload Failed", description: "Upload failed", variant: "destructive" });
    expect(dropZone()).toHaveAttribute("data-state", "rejected");

    // The connection drops while the file travels and does not come back in time.
    announceAnswer = ({ file }) => answer(201, announced(file.name, file.size));
    fireEvent.click(submit());
    await waitFor(() => expect(sendFile).toHaveBeenCalled());
    await act(async () => sent.refuse(new ApiError(0, "network", "network")));
    expect(toast).toHaveBeenLastCalledWith({ title: "Upload Failed", description: "Upload failed", variant: "destructive" });
    expect(screen.getByTestId("upload-row")).toHaveAttribute("data-state", "failed");
    // "Try again" continues the same upload; its arrival is announced as any other.
    fireEvent.click(screen.getByRole("button", { name: "Try a.pdf again" }));
    await waitFor(() => expect(sendFile).toHaveBeenCalledTimes(2));
    expect(sendFile.mock.calls[1][1]).toBe("0123456789abcdef0123456789abcdef");
    await act(async () => sent.arrive());
    expect(toast).toHaveBeenLastCalledWith({ title: t.toast.successTitle, description: t.toast.success });
  });

  it("a refused consent call stops before the announcement, with the failed state", async () => {
    show();
    fetchMock.mockImplementationOnce(() => answer(429, apiErrorSchema.parse({ error: "Too many requests.", code: "rate_limited" })));
    await choose(file("a.pdf"));
    fireEvent.click(consentBox("recording"));
    fireEvent.click(submit());
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: "Upload Failed", description: "Too many requests.", variant: "destructive" }));
    expect(posts().map(([url]) => url)).toEqual(["/api/consent"]);
    expect(sendFile).not.toHaveBeenCalled();
    expect(dropZone()).toHaveAttribute("data-state", "rejected");
  });

  it("checks the patient information with the server's rules after a blur, and sends only what was filled in", async () => {
    show();
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
    expect(posts()).toEqual([]);
    expect(physician).toHaveFocus();

    fireEvent.change(physician, { target: { value: "  Dr.  Okafor " } });
    fireEvent.change(screen.getByLabelText(t.patient.patientId), { target: { value: "AFY-12345" } });
    await act(async () => {
      fireEvent.click(submit());
    });
    await waitFor(() => expect(sendFile).toHaveBeenCalled());
    const [, announcement] = posts().find(([url]) => url === "/api/transcriptions")!;
    expect(announcement.patientInfo).toEqual({ patientId: "AFY-12345", attendingPhysician: "Dr. Okafor" });
  });

  it("puts a refusal the server names a field for on that field, with the focus there", async () => {
    show();
    announceAnswer = () => answer(400, apiErrorSchema.parse({ error: "Please use at most 100 characters.", code: "too_long", field: "patientInfo.patientId" }));
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

describe("the list", () => {
  it("says why a row failed in the reader's language; a row from before the codes keeps its English text", () => {
    const row = {
      kind: "pdf",
      progress: null,
      meetingType: "consultation",
      fileName: "scan.pdf",
      uploadedBy: null,
      createdAt: "2026-01-05T10:00:00.000Z",
      completedAt: null,
    } as const;
    const page = transcriptionPageSchema.parse({
      items: [
        {
          ...row,
          id: "t1",
          title: "coded",
          status: "failed",
          statusReason: "This PDF is password-protected; upload a copy without a password.",
          reason: { code: "pdf_password" },
        },
        { ...row, id: "t2", title: "older", status: "failed", statusReason: "Engine crashed.", reason: null },
      ],
      nextCursor: null,
    });
    render(
      <NextIntlClientProvider locale="fr" timeZone="UTC" messages={{ transcriptions: fr.transcriptions, errors: fr.errors }}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })}>
          <TranscriptionList initial={page} showUploader={false} />
        </QueryClientProvider>
      </NextIntlClientProvider>,
    );
    expect(screen.getAllByTestId("transcription-reason").map((reason) => reason.textContent)).toEqual([
      "Ce PDF est protégé par un mot de passe ; envoyez-en une copie sans mot de passe.",
      "Engine crashed.",
    ]);
  });
});
