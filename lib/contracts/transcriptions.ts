import { z } from "zod";
import { optionalPersonName } from "./people";
import { statusReasonSchema } from "./transcription-reasons";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { uploadViewSchema } from "./uploads";

/**
 * The transcription center's contract: the upload's rules and fields, and the answers of
 * /api/transcriptions, /api/transcriptions/[id] and its retry, shared by the routes and the browser.
 */

export const transcriptionStatuses = ["queued", "processing", "completed", "failed", "needs_engine"] as const;
export type TranscriptionStatus = (typeof transcriptionStatuses)[number];

/** Still on its way: the list and the transcript page follow its progress while it is in one of these. */
export const isActiveTranscription = (status: TranscriptionStatus) => status === "queued" || status === "processing";

/** What the file is, decided from its bytes on the server: it picks the engine. */
export const transcriptionKinds = ["audio", "pdf", "image", "dicom"] as const;

export const meetingTypes = ["consultation", "follow-up", "team-meeting", "case-review"] as const;
export type MeetingType = (typeof meetingTypes)[number];

export const transcriptionConsentTypes = ["recording", "sharing", "analysis"] as const;
export type TranscriptionConsentType = (typeof transcriptionConsentTypes)[number];

/** Spoken languages offered for audio (BCP-47, as the speech engine takes them); the first is the default. */
export const speechLanguages = ["en-US", "en-GB", "en-NG", "fr-FR", "sw-KE", "ha-NG", "ar-SA", "tr-TR", "es-ES", "hi-IN", "ru-RU", "cmn-Hans-CN"] as const;
export type SpeechLanguage = (typeof speechLanguages)[number];

/**
 * The language the upload form starts with: the interface language's, as the speech engine names it.
 * Pidgin, Yoruba and Igbo have no code on the list above (Google Cloud Speech's v1 recognizer this app
 * calls has none we could confirm), so their readers start with Nigerian English; any other locale, en-US.
 */
const speechLanguageOfLocale: Partial<Record<Locale, SpeechLanguage>> = {
  en: "en-US",
  fr: "fr-FR",
  sw: "sw-KE",
  ha: "ha-NG",
  ar: "ar-SA",
  tr: "tr-TR",
  es: "es-ES",
  hi: "hi-IN",
  ru: "ru-RU",
  zh: "cmn-Hans-CN",
  pcm: "en-NG",
  yo: "en-NG",
  ig: "en-NG",
};
export function defaultSpeechLanguage(locale: string): SpeechLanguage {
  return (isLocale(locale) && speechLanguageOfLocale[locale]) || speechLanguages[0];
}

export const MAX_TRANSCRIPTION_BYTES = 500 * 1024 * 1024;

/** What the file picker offers, by type and file name ending; the server decides from the bytes. */
export const ACCEPTED_TRANSCRIPTION_FILES = {
  "audio/mpeg": [".mp3"],
  "audio/wav": [".wav"],
  "audio/x-wav": [".wav"],
  "audio/mp4": [".m4a", ".mp4"],
  "audio/x-m4a": [".m4a"],
  "video/mp4": [".mp4"],
  "audio/ogg": [".ogg", ".opus"],
  "audio/opus": [".opus"],
  "audio/webm": [".webm"],
  "video/webm": [".webm"],
  "application/pdf": [".pdf"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "application/dicom": [".dcm"],
} as const satisfies Record<string, readonly string[]>;

/** Voice notes as phones and browsers record them: WhatsApp (.ogg/.opus), iPhone memos (.m4a), MP3, WAV, MediaRecorder (.webm). */
export const AUDIO_EXTENSIONS = [".mp3", ".wav", ".m4a", ".mp4", ".ogg", ".opus", ".webm"] as const;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot).toLowerCase();
}

export const isAudioFileName = (name: string) => (AUDIO_EXTENSIONS as readonly string[]).includes(extensionOf(name));
/** PDFs and images: read by their text layer or by OCR, in the language the upload names. */
export const isOcrDocumentName = (name: string) => [".pdf", ".jpg", ".jpeg", ".png"].includes(extensionOf(name));

/** Longest title, and longest other text field (department, patient ID, record number), in characters. */
export const TITLE_MAX_LENGTH = 200;
export const TEXT_MAX_LENGTH = 100;

/** An optional one-line text: trimmed, empty means not given. Issue messages are error codes. */
const optionalText = (max: number) =>
  z
    .string("invalid_input")
    .trim()
    .max(max, "too_long")
    .optional()
    .transform((value) => value || undefined);

/** The optional patient information of an upload (sent as a JSON object in the `patientInfo` field). */
export const patientInfoSchema = z
  .object({
    patientId: optionalText(TEXT_MAX_LENGTH),
    medicalRecordNumber: optionalText(TEXT_MAX_LENGTH),
    attendingPhysician: optionalPersonName(),
    department: optionalText(TEXT_MAX_LENGTH),
  })
  .strict();
export type PatientInfo = z.infer<typeof patientInfoSchema>;
export const patientInfoFields = ["patientId", "medicalRecordNumber", "attendingPhysician", "department"] as const satisfies readonly (keyof PatientInfo)[];

/** The recording's fields of POST /api/transcriptions (multipart, before the file); empty fields mean "not given". */
export const transcriptionUploadFieldsSchema = z.object({
  title: optionalText(TITLE_MAX_LENGTH),
  meetingType: z.enum(meetingTypes, "meeting_type_invalid").default("consultation"),
  department: optionalText(TEXT_MAX_LENGTH),
  language: z.enum(speechLanguages, "speech_language_invalid").optional(),
});

/** The upload center's form: the recording's fields and the patient information, checked as the server checks them. */
export const transcriptionUploadFormSchema = transcriptionUploadFieldsSchema.extend({ patientInfo: patientInfoSchema });

/** Body of POST /api/consent: one consent decision, recorded before the upload it is for. */
export const consentBody = z.object({
  consentType: z.enum(transcriptionConsentTypes, "consent_type_invalid"),
  granted: z.boolean("consent_granted_invalid"),
});
export const consentRecordedSchema = z.object({ id: z.string() });

/** Query of GET /api/transcriptions. */
export const TRANSCRIPTION_PAGE_SIZE = 25;
export const transcriptionListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(TRANSCRIPTION_PAGE_SIZE),
});

/** The `id` of /api/transcriptions/[id]; anything that is not a uuid is not found. */
export const transcriptionIdSchema = z.uuid();

/** Query of GET /api/transcriptions/[id]/file: shown in the page (types a browser shows safely) or downloaded. */
export const transcriptionFileQuery = z.object({ disposition: z.enum(["attachment", "inline"]).default("attachment") });

export const transcriptionListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(transcriptionKinds),
  status: z.enum(transcriptionStatuses),
  /** Why it failed, waits or needs an engine, in English: shown when there is no `reason` (rows from before the codes). */
  statusReason: z.string().nullable(),
  /** The same as a code with parameters, which the pages show in the reader's language (statusReasonText). */
  reason: statusReasonSchema.nullable(),
  /** While a document is read page by page: pages done of all (shown beside the status). */
  progress: z.object({ done: z.number(), total: z.number() }).nullable(),
  meetingType: z.string(),
  fileName: z.string(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TranscriptionListItem = z.infer<typeof transcriptionListItemSchema>;

export const transcriptionPageSchema = z.object({ items: z.array(transcriptionListItemSchema), nextCursor: z.string().nullable() });
export type TranscriptionPage = z.infer<typeof transcriptionPageSchema>;

/** A piece of a transcript: with its time in seconds (audio) or its page (PDF). */
export const transcriptSegmentSchema = z.object({ start: z.number().optional(), end: z.number().optional(), page: z.number().optional(), text: z.string() });
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

export const transcriptionDetailSchema = transcriptionListItemSchema.extend({
  department: z.string().nullable(),
  language: z.string().nullable(),
  patientInfo: z
    .object({ patientId: z.string(), medicalRecordNumber: z.string(), attendingPhysician: z.string(), department: z.string() })
    .partial()
    .nullable(),
  text: z.string().nullable(),
  segments: z.array(transcriptSegmentSchema),
  engine: z.string().nullable(),
  startedAt: z.string().nullable(),
  file: z.object({
    name: z.string(),
    size: z.number(),
    mimeType: z.string(),
    available: z.boolean(),
    scanStatus: z.enum(["not_scanned", "pending", "clean", "infected"]),
    deletedAt: z.string().nullable(),
    deleteAfter: z.string(),
  }),
  mine: z.boolean(),
  /** Whether "Try again" is offered (POST /api/transcriptions/[id]/retry would accept it). */
  retryable: z.boolean(),
  consents: z.array(z.object({ consentType: z.string(), granted: z.boolean(), version: z.string(), createdAt: z.string() })),
});
export type TranscriptionDetail = z.infer<typeof transcriptionDetailSchema>;

/** Answer of an upload (201) and of a retry (202): the transcription is queued. */
export const transcriptionQueuedSchema = z.object({ id: z.string(), status: z.literal("queued") });
/**
 * The answer to POST /api/transcriptions as JSON (the fields, the consents' ids and the file's name and
 * size): the file's upload, sent then through /api/uploads; the transcription is created when its last byte arrives.
 */
export const transcriptionAnnouncedSchema = z.object({ upload: uploadViewSchema });

/** mm:ss (or h:mm:ss) for a time in seconds. */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${String(m).padStart(2, "0")}:${s}`;
}

/** The transcript as plain text (the .txt download and the copy button): a short header, then the text with its timestamps or pages. */
export function transcriptAsText(item: Pick<TranscriptionDetail, "title" | "file" | "createdAt" | "text" | "segments">): string {
  const lines = [item.title, `File: ${item.file.name}`, `Uploaded: ${item.createdAt}`, ""];
  if (item.segments.length > 0) {
    let page: number | undefined;
    for (const segment of item.segments) {
      if (segment.page !== undefined && segment.page !== page) {
        page = segment.page;
        lines.push(`--- Page ${page} ---`);
      }
      const time =
        segment.start !== undefined ? `[${formatTimestamp(segment.start)}${segment.end !== undefined ? ` - ${formatTimestamp(segment.end)}` : ""}] ` : "";
      lines.push(`${time}${segment.text}`);
    }
  } else lines.push(item.text ?? "");
  return `${lines.join("\n").trimEnd()}\n`;
}
