import { DEFAULT_JOB_EXPIRY_SECONDS, MAX_JOB_EXPIRY_SECONDS, transcriptionJobExpirySeconds } from "@/lib/transcriptions/job-expiry";

const MB = 1024 * 1024;
const audio = (size: number, mimeType = "audio/mpeg") => transcriptionJobExpirySeconds({ kind: "audio", mimeType, size })!;

describe("transcription job expiry", () => {
  it("keeps the queue's expiry for files that are not audio", () => {
    for (const kind of ["pdf", "image", "dicom"]) expect(transcriptionJobExpirySeconds({ kind, mimeType: "application/pdf", size: 400 * MB })).toBeNull();
  });

  it("never gives audio less than an hour", () => {
    expect(audio(1)).toBe(DEFAULT_JOB_EXPIRY_SECONDS);
    expect(audio(2 * MB)).toBe(DEFAULT_JOB_EXPIRY_SECONDS);
  });

  it("grows with the recording: longer than the longest duration the size allows, with a margin", () => {
    // 60 MB of MP3 is at most ~4.4 hours at 32 kbit/s; chunks are sent in turn, so the run may take that long.
    const seconds = audio(60 * MB);
    const longestDuration = (60 * MB) / 4000;
    expect(seconds).toBeGreaterThanOrEqual(longestDuration * 1.5);
    expect(seconds).toBe(Math.ceil(30 * 60 + 1.5 * longestDuration));
    expect(audio(61 * MB)).toBeGreaterThan(seconds);
  });

  it("assumes a higher lowest bitrate for WAV (uncompressed), so the same size means a shorter recording", () => {
    expect(audio(60 * MB, "audio/wav")).toBe(Math.ceil(30 * 60 + (1.5 * 60 * MB) / 8000));
    expect(audio(60 * MB, "audio/wav")).toBeLessThan(audio(60 * MB));
  });

  it("stays under pg-boss 10's limit of 24 hours for the largest upload", () => {
    expect(audio(500 * MB)).toBe(MAX_JOB_EXPIRY_SECONDS);
    expect(MAX_JOB_EXPIRY_SECONDS / 3600).toBeLessThan(24);
  });
});
