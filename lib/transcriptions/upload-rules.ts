/**
 * The transcription upload's rules (SPEC sections 5 and 9), shared by the upload center in the
 * browser and the API. Messages are SPEC's texts where it has one.
 */
export const MAX_TRANSCRIPTION_BYTES = 500 * 1024 * 1024;

export const meetingTypes = ["consultation", "follow-up", "team-meeting", "case-review"] as const;
export type MeetingType = (typeof meetingTypes)[number];

export const transcriptionConsentTypes = ["recording", "sharing", "analysis"] as const;
export type TranscriptionConsentType = (typeof transcriptionConsentTypes)[number];

/** Spoken languages offered for audio (BCP-47, as the speech engine takes them); the first is the default. */
export const speechLanguages = ["en-US", "en-GB", "en-NG", "fr-FR", "sw-KE", "ha-NG", "ar-SA", "tr-TR", "es-ES", "hi-IN", "ru-RU", "cmn-Hans-CN"] as const;
export type SpeechLanguage = (typeof speechLanguages)[number];

/** What the file picker offers; the server decides from the bytes. */
export const ACCEPTED_EXTENSIONS = [".mp3", ".wav", ".m4a", ".mp4", ".pdf", ".jpg", ".jpeg", ".png", ".dcm"] as const;
export const AUDIO_EXTENSIONS = [".mp3", ".wav", ".m4a", ".mp4"] as const;
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS, "audio/mpeg", "audio/wav", "audio/x-wav", "audio/mp4", "audio/x-m4a", "video/mp4", "application/pdf", "image/jpeg", "image/png", "application/dicom"].join(",");

/** A consent counts for an upload made within this time after it was given. */
export const CONSENT_WINDOW_MINUTES = 30;
/** Version of the consent texts on the upload center; stored with each consent record. */
export const TRANSCRIPTION_CONSENT_VERSION = "2025-01-01";

/** Retention (SPEC section 9): audio 90 days after upload, everything else 180 days. */
export const RETENTION_DAYS = { audio: 90, other: 180 } as const;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot).toLowerCase();
}

/** The browser's first check (the server checks the bytes again): SPEC's drop-zone codes. */
export function checkChosenFile(file: { name: string; size: number }): "file-invalid-type" | "file-too-large" | "file-too-small" | null {
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return "file-invalid-type";
  if (file.size > MAX_TRANSCRIPTION_BYTES) return "file-too-large";
  if (file.size === 0) return "file-too-small";
  return null;
}

export const isAudioFileName = (name: string) => (AUDIO_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** M4A/MP4 (AAC) audio is stored, but the speech engine (Google Speech v1) cannot transcribe it. */
export const UNTRANSCRIBABLE_AUDIO_EXTENSIONS = [".m4a", ".mp4"] as const;
export const isUntranscribableAudioName = (name: string) => (UNTRANSCRIBABLE_AUDIO_EXTENSIONS as readonly string[]).includes(extensionOf(name));
