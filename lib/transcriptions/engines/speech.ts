import "server-only";
import * as grpc from "@grpc/grpc-js";
import { v1p1beta1 } from "@google-cloud/speech";
import { getEnv } from "@/lib/env";
import { NO_SPEECH_ENGINE, speechEngineConfigured } from "./configured";
import { mp3Chunks, wavChunks, type AudioChunk, type ChunkedAudio } from "./audio-chunks";
import { ByteReader } from "./bytes";
import { decodedChunks, opusChunks } from "./decoded-audio";
import { EngineError, type EngineInput, type EngineResult, type EngineSegment } from "./types";

export const DEFAULT_LANGUAGE = "en-US";
export const SPEECH_ENGINE = "google-cloud-speech";

export { NO_SPEECH_ENGINE } from "./configured";

type Client = InstanceType<typeof v1p1beta1.SpeechClient>;

/**
 * v1p1beta1 rather than v1: it is the same service, and the only version of the v1 API that takes
 * MP3. GOOGLE_SPEECH_ENDPOINT is a plaintext gRPC server (a local or in-cluster stand-in); otherwise
 * the client finds GOOGLE_APPLICATION_CREDENTIALS itself.
 */
function createClient(): Client {
  const endpoint = getEnv().GOOGLE_SPEECH_ENDPOINT;
  if (!endpoint) return new v1p1beta1.SpeechClient();
  const [host, port] = endpoint.split(":");
  // A universe domain given up front spares the auth library its search for Google credentials (which
  // would probe the GCE metadata server): a plaintext endpoint takes none.
  return new v1p1beta1.SpeechClient({ apiEndpoint: host, port: Number(port), sslCreds: grpc.credentials.createInsecure(), universeDomain: "googleapis.com" });
}

/** How each recording type reaches Speech: as it is where Speech takes it, decoded on the server where it does not (ADR 24). */
const CHUNKERS: Record<string, (reader: ByteReader) => Promise<ChunkedAudio>> = {
  "audio/wav": (reader) => wavChunks(reader),
  "audio/mpeg": (reader) => mp3Chunks(reader),
  "audio/ogg": (reader) => opusChunks("ogg", reader),
  "audio/webm": (reader) => opusChunks("webm", reader),
  "audio/mp4": (reader) => decodedChunks("mp4", Buffer.alloc(0), reader),
};

/**
 * Audio through Google Cloud Speech: the recording is cut into pieces under the inline-audio limit
 * (WAV at sample frames, MP3 at frame boundaries, M4A and long Opus decoded to PCM first), each sent
 * in turn with LongRunningRecognize and word time offsets; the results are put back on the
 * recording's timeline. Without configuration the job ends as needs_engine: never a made-up transcript.
 */
export async function runSpeechEngine(input: EngineInput): Promise<EngineResult> {
  if (!speechEngineConfigured()) return { status: "needs_engine", reason: NO_SPEECH_ENGINE };
  const chunker = CHUNKERS[input.mimeType];
  if (!chunker) throw new EngineError({ code: "audio_type_unsupported", params: { mimeType: input.mimeType } }, false);

  const reader = new ByteReader(await input.open());
  const client = createClient();
  try {
    const audio = await chunker(reader);
    const languageCode = input.language || DEFAULT_LANGUAGE;
    const segments: EngineSegment[] = [];
    for await (const chunk of audio.chunks) segments.push(...(await recognizeChunk(client, audio, chunk, languageCode)));
    const text = segments.map((segment) => segment.text).join("\n");
    return { status: "completed", engine: SPEECH_ENGINE, text: text || "No speech was recognised in this recording.", segments };
  } catch (error) {
    throw error instanceof EngineError ? error : speechError(error);
  } finally {
    reader.close();
    await client.close().catch(() => {});
  }
}

async function recognizeChunk(client: Client, { format }: ChunkedAudio, chunk: AudioChunk, languageCode: string): Promise<EngineSegment[]> {
  const [operation] = await client.longRunningRecognize({
    config: {
      encoding: format.encoding,
      sampleRateHertz: format.sampleRateHertz,
      ...(format.channels > 1 ? { audioChannelCount: format.channels } : {}),
      languageCode,
      enableWordTimeOffsets: true,
      enableAutomaticPunctuation: true,
    },
    audio: { content: chunk.audio },
  });
  const [response] = await operation.promise();
  const segments: EngineSegment[] = [];
  let previousEnd = 0;
  for (const result of response.results ?? []) {
    const best = result.alternatives?.[0];
    const text = best?.transcript?.trim();
    if (!text) continue;
    const words = best?.words ?? [];
    const start = words.length ? seconds(words[0].startTime) : previousEnd;
    const end = words.length ? seconds(words[words.length - 1].endTime) : seconds(result.resultEndTime) || start;
    previousEnd = end;
    segments.push({ start: round(chunk.offset + start), end: round(chunk.offset + end), text });
  }
  return segments;
}

type Duration = { seconds?: number | string | { toNumber(): number } | null; nanos?: number | null } | null | undefined;

function seconds(duration: Duration): number {
  if (!duration) return 0;
  const whole = duration.seconds;
  const value = typeof whole === "object" && whole !== null ? whole.toNumber() : Number(whole ?? 0);
  return value + (duration.nanos ?? 0) / 1e9;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** gRPC status codes after which trying again later can succeed (the service was busy, slow or briefly down). */
const RETRYABLE = new Set([grpc.status.UNAVAILABLE, grpc.status.DEADLINE_EXCEEDED, grpc.status.RESOURCE_EXHAUSTED, grpc.status.ABORTED, grpc.status.INTERNAL]);

function speechError(error: unknown): EngineError {
  const code = typeof error === "object" && error !== null && "code" in error ? (error as { code: unknown }).code : undefined;
  const details = typeof error === "object" && error !== null && "details" in error ? (error as { details: unknown }).details : undefined;
  const message = (typeof details === "string" && details) || (error instanceof Error ? error.message : String(error));
  if (typeof code === "number" && grpc.status[code]) {
    return new EngineError({ code: "speech_error_status", params: { status: grpc.status[code], detail: message } }, RETRYABLE.has(code));
  }
  // No gRPC status: the credentials could not be loaded or the key file is unreadable, which needs an administrator.
  if (/credentials|ENOENT|key file|private key/i.test(message)) return new EngineError({ code: "speech_misconfigured", params: { detail: message } }, false);
  return new EngineError({ code: "speech_failed", params: { detail: message } }, true);
}
