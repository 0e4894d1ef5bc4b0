import "server-only";
import { ByteReader } from "./bytes";
import type { StatusReason, StatusReasonCode } from "@/lib/contracts/transcription-reasons";
import { EngineError } from "./types";

/** Google Cloud Speech takes at most 10 MB of inline audio per request; chunks stay safely below. */
export const MAX_CHUNK_BYTES = 9 * 1024 * 1024;

export type SpeechEncoding = "LINEAR16" | "MULAW" | "MP3" | "OGG_OPUS" | "WEBM_OPUS";

/** One request's worth of audio, and where it starts in the recording. */
export interface AudioChunk {
  audio: Buffer;
  /** Seconds from the start of the recording. */
  offset: number;
}

export interface AudioFormat {
  encoding: SpeechEncoding;
  sampleRateHertz: number;
  channels: number;
}

export interface ChunkedAudio {
  format: AudioFormat;
  chunks: AsyncGenerator<AudioChunk>;
}

const notAccepted = (code: StatusReasonCode, params?: StatusReason["params"]) => new EngineError({ code, params }, false);

/**
 * WAV: the "fmt " chunk gives the encoding (16-bit PCM or 8-bit mu-law) and sample rate; the "data"
 * chunk is cut at whole sample frames, each piece sent as raw samples with its start time.
 */
export async function wavChunks(reader: ByteReader, maxChunkBytes = MAX_CHUNK_BYTES): Promise<ChunkedAudio> {
  const riff = await reader.read(12);
  if (riff.length < 12 || riff.toString("latin1", 0, 4) !== "RIFF" || riff.toString("latin1", 8, 12) !== "WAVE") throw notAccepted("wav_not_wav");

  let format: (AudioFormat & { blockAlign: number }) | null = null;
  for (;;) {
    const header = await reader.read(8);
    if (header.length < 8) throw notAccepted("wav_no_audio");
    const id = header.toString("latin1", 0, 4);
    const size = header.readUInt32LE(4);
    if (id === "fmt ") {
      const fmt = await reader.read(size + (size % 2));
      if (fmt.length < 16) throw notAccepted("wav_format_cut_short");
      format = wavFormat(fmt);
    } else if (id === "data") {
      if (!format) throw notAccepted("wav_data_before_format");
      // Recorders that stream often leave the size at 0 or 0xFFFFFFFF: then the data runs to the end of the file.
      const dataBytes = size === 0 || size === 0xffffffff ? Infinity : size;
      return { format, chunks: pcmChunks(reader, format, dataBytes, maxChunkBytes) };
    } else {
      await reader.skip(size + (size % 2));
    }
  }
}

function wavFormat(fmt: Buffer): AudioFormat & { blockAlign: number } {
  let tag = fmt.readUInt16LE(0);
  const channels = fmt.readUInt16LE(2);
  const sampleRateHertz = fmt.readUInt32LE(4);
  const blockAlign = fmt.readUInt16LE(12);
  const bits = fmt.readUInt16LE(14);
  // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
  if (tag === 0xfffe && fmt.length >= 26) tag = fmt.readUInt16LE(24);
  let encoding: SpeechEncoding;
  if (tag === 1 && bits === 16) encoding = "LINEAR16";
  else if (tag === 7 && bits === 8) encoding = "MULAW";
  else throw notAccepted("wav_unsupported_encoding", { encoding: tag === 1 ? "pcm" : tag === 3 ? "float" : "other", bits, tag });
  if (channels < 1 || channels > 8 || (encoding === "MULAW" && channels !== 1)) throw notAccepted("wav_channels", { channels });
  if (sampleRateHertz < 8000 || sampleRateHertz > 48000) throw notAccepted("audio_sample_rate", { hertz: sampleRateHertz });
  if (blockAlign !== channels * (bits / 8)) throw notAccepted("wav_inconsistent");
  return { encoding, sampleRateHertz, channels, blockAlign };
}

async function* pcmChunks(
  reader: ByteReader,
  format: AudioFormat & { blockAlign: number },
  dataBytes: number,
  maxChunkBytes: number,
): AsyncGenerator<AudioChunk> {
  const chunkBytes = Math.floor(maxChunkBytes / format.blockAlign) * format.blockAlign;
  const bytesPerSecond = format.sampleRateHertz * format.blockAlign;
  let sent = 0;
  while (sent < dataBytes) {
    const want = Math.min(chunkBytes, dataBytes - sent);
    const piece = await reader.read(want);
    // A trailing partial sample frame (a truncated file) is dropped rather than sent misaligned.
    const whole = piece.subarray(0, piece.length - (piece.length % format.blockAlign));
    if (whole.length) yield { audio: whole, offset: sent / bytesPerSecond };
    sent += piece.length;
    if (piece.length < want) return;
  }
}

// MPEG audio frame headers (ISO 11172-3 / 13818-3), Layer III only.
const MP3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

interface Mp3Frame {
  length: number;
  sampleRate: number;
  samples: number;
}

/** The frame starting at `at`, or null when the four bytes there are not a Layer III frame header. */
export function mp3Frame(bytes: Buffer, at: number): Mp3Frame | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (bytes[at + 1] >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = (bytes[at + 1] >> 1) & 3; // 1: Layer III
  const bitrateIndex = bytes[at + 2] >> 4;
  const rateIndex = (bytes[at + 2] >> 2) & 3;
  const padding = (bytes[at + 2] >> 1) & 1;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const sampleRate = MP3_SAMPLE_RATES[version][rateIndex];
  const kbps = (version === 3 ? MP3_BITRATES_V1 : MP3_BITRATES_V2)[bitrateIndex];
  const samples = version === 3 ? 1152 : 576;
  return { length: Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding, sampleRate, samples };
}

/**
 * MP3: ID3 tags skipped, then whole frames gathered into chunks (never cut inside a frame); each
 * chunk's start time is the number of samples before it. Bytes between frames (a trailing ID3v1
 * or APE tag, junk) are skipped by searching for the next frame header.
 */
export async function mp3Chunks(reader: ByteReader, maxChunkBytes = MAX_CHUNK_BYTES): Promise<ChunkedAudio> {
  const frames = mp3Frames(reader);
  const first = await frames.next();
  if (first.done) throw notAccepted("mp3_no_frames");
  const sampleRateHertz = first.value.frame.sampleRate;
  if (sampleRateHertz < 8000) throw notAccepted("mp3_sample_rate_low", { hertz: sampleRateHertz });

  async function* chunks(): AsyncGenerator<AudioChunk> {
    let parts: Buffer[] = [first.value!.bytes];
    let size = first.value!.bytes.length;
    let samplesBefore = 0;
    let samplesInChunk = first.value!.frame.samples;
    for await (const { frame, bytes } of frames) {
      if (frame.sampleRate !== sampleRateHertz) throw notAccepted("audio_sample_rate_changes");
      if (size + bytes.length > maxChunkBytes) {
        yield { audio: Buffer.concat(parts, size), offset: samplesBefore / sampleRateHertz };
        samplesBefore += samplesInChunk;
        parts = [];
        size = 0;
        samplesInChunk = 0;
      }
      parts.push(bytes);
      size += bytes.length;
      samplesInChunk += frame.samples;
    }
    if (size) yield { audio: Buffer.concat(parts, size), offset: samplesBefore / sampleRateHertz };
  }
  return { format: { encoding: "MP3", sampleRateHertz, channels: 1 }, chunks: chunks() };
}

async function* mp3Frames(reader: ByteReader): AsyncGenerator<{ frame: Mp3Frame; bytes: Buffer }> {
  let buffer = await reader.read(64 * 1024);
  let at = 0;
  const need = async (n: number) => {
    if (buffer.length - at >= n || reader.ended) return;
    buffer = Buffer.concat([buffer.subarray(at), await reader.read(Math.max(n, 256 * 1024))]);
    at = 0;
  };
  // ID3v2 at the start: "ID3", version, flags, then a 28-bit "syncsafe" size (plus a 10-byte footer when flagged).
  await need(10);
  if (buffer.toString("latin1", 0, 3) === "ID3") {
    const size = ((buffer[6] & 0x7f) << 21) | ((buffer[7] & 0x7f) << 14) | ((buffer[8] & 0x7f) << 7) | (buffer[9] & 0x7f);
    let skip = 10 + size + (buffer[5] & 0x10 ? 10 : 0);
    const inBuffer = Math.min(skip, buffer.length);
    at = inBuffer;
    skip -= inBuffer;
    if (skip) await reader.skip(skip);
  }
  for (;;) {
    await need(4);
    if (buffer.length - at < 4) return;
    const frame = mp3Frame(buffer, at);
    // A frame header counts only when the next frame follows where it says (or the file ends): four
    // bytes that merely look like a header inside junk are not a frame.
    if (frame) {
      await need(frame.length + 4);
      const next = at + frame.length;
      if (next <= buffer.length && (next + 4 > buffer.length || mp3Frame(buffer, next) || /^(TAG|APE|ID3)/.test(buffer.toString("latin1", next, next + 3)))) {
        yield { frame, bytes: Buffer.from(buffer.subarray(at, next)) };
        at = next;
        continue;
      }
    }
    at++;
  }
}
