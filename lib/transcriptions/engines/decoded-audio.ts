import "server-only";
import { MAX_CHUNK_BYTES, type AudioChunk, type ChunkedAudio } from "./audio-chunks";
import type { ByteReader } from "./bytes";
import { EngineError } from "./types";

/** What the @audio/* streaming decoders have in common: pieces of the file in, float samples per channel out. */
interface DecodedAudio {
  channelData: Float32Array[];
  sampleRate: number;
}
interface StreamDecoder {
  decode(data: Uint8Array): DecodedAudio | Promise<DecodedAudio>;
  flush(): DecodedAudio | Promise<DecodedAudio>;
  free(): void;
}

export type DecodableContainer = "mp4" | "ogg" | "webm";

/**
 * The maintained WASM decoders (ADR 24): an MP4/M4A demuxer with FAAD2 for AAC, libopus for Ogg,
 * a Matroska demuxer with libopus/libvorbis for WebM. Imported when first needed.
 */
async function openDecoder(container: DecodableContainer): Promise<StreamDecoder> {
  if (container === "mp4") return (await import("@audio/decode-mp4")).decoder();
  if (container === "ogg") return (await import("@audio/decode-opus")).decoder();
  return (await import("@audio/decode-webm")).decoder();
}

/** Bytes of the file handed to the decoder at a time: one piece of AAC or Opus decodes to a few MB of samples at most. */
const FEED_BYTES = 64 * 1024;

/**
 * Audio that Google Cloud Speech cannot take as it is, decoded on the server into 16-bit mono PCM
 * (LINEAR16 at the recording's own sample rate) and cut into requests under the inline limit. The
 * file is read and decoded piece by piece, so only the samples of the current request are held
 * (the MP4 demuxer keeps the file's bytes only while its index, `moov`, has not arrived yet).
 * `head` is what the caller already read from `reader`.
 */
export async function decodedChunks(container: DecodableContainer, head: Buffer, reader: ByteReader, maxChunkBytes = MAX_CHUNK_BYTES): Promise<ChunkedAudio> {
  const decoder = await openDecoder(container);
  const pieces = monoPieces(decoder, head, reader);
  let first: IteratorResult<{ samples: Int16Array; sampleRate: number }>;
  try {
    first = await pieces.next();
  } catch (error) {
    await pieces.return(undefined);
    throw error;
  }
  if (first.done) throw new EngineError({ code: "audio_no_audio" }, false);
  const sampleRateHertz = first.value.sampleRate;
  if (sampleRateHertz < 8000 || sampleRateHertz > 48000) {
    await pieces.return(undefined);
    throw new EngineError({ code: "audio_sample_rate", params: { hertz: sampleRateHertz } }, false);
  }

  const maxSamples = Math.floor(maxChunkBytes / 2);
  async function* chunks(): AsyncGenerator<AudioChunk> {
    let pending: Int16Array[] = [first.value!.samples];
    let pendingSamples = first.value!.samples.length;
    let samplesBefore = 0;
    const take = (count: number): Buffer => {
      const out = Buffer.alloc(count * 2);
      let filled = 0;
      while (filled < count) {
        const piece = pending[0];
        const used = Math.min(piece.length, count - filled);
        for (let i = 0; i < used; i++) out.writeInt16LE(piece[i], (filled + i) * 2);
        filled += used;
        if (used === piece.length) pending.shift();
        else pending[0] = piece.subarray(used);
      }
      pendingSamples -= count;
      return out;
    };
    try {
      for await (const piece of pieces) {
        if (piece.sampleRate !== sampleRateHertz) throw new EngineError({ code: "audio_sample_rate_changes" }, false);
        pending.push(piece.samples);
        pendingSamples += piece.samples.length;
        while (pendingSamples >= maxSamples) {
          yield { audio: take(maxSamples), offset: samplesBefore / sampleRateHertz };
          samplesBefore += maxSamples;
        }
      }
      if (pendingSamples > 0) yield { audio: take(pendingSamples), offset: samplesBefore / sampleRateHertz };
    } finally {
      pending = [];
      await pieces.return(undefined);
    }
  }
  return { format: { encoding: "LINEAR16", sampleRateHertz, channels: 1 }, chunks: chunks() };
}

/** The sample rates Google Cloud Speech takes with OGG_OPUS and WEBM_OPUS. */
const OPUS_RATES = new Set([8000, 12000, 16000, 24000, 48000]);

/**
 * Opus in Ogg (WhatsApp voice notes) or WebM (browsers' MediaRecorder) goes to Google Cloud Speech
 * as it is (OGG_OPUS, WEBM_OPUS) when the file fits in one request, which a voice note of up to an
 * hour or so does. Speech cannot take a cut Ogg or WebM file, so a longer one, or another codec in
 * these containers (Vorbis), is decoded and sent as LINEAR16 pieces instead.
 */
export async function opusChunks(container: "ogg" | "webm", reader: ByteReader, maxChunkBytes = MAX_CHUNK_BYTES): Promise<ChunkedAudio> {
  const head = await reader.read(maxChunkBytes + 1);
  const opus = opusHead(head);
  if (head.length > maxChunkBytes || !opus) return decodedChunks(container, head, reader, maxChunkBytes);
  const sampleRateHertz = OPUS_RATES.has(opus.inputRate) ? opus.inputRate : 48000;
  async function* whole(): AsyncGenerator<AudioChunk> {
    yield { audio: head, offset: 0 };
  }
  return { format: { encoding: container === "ogg" ? "OGG_OPUS" : "WEBM_OPUS", sampleRateHertz, channels: opus.channels }, chunks: whole() };
}

/**
 * The Opus identification header (RFC 7845 §5.1), which both Ogg and WebM (as CodecPrivate) carry
 * near the start: channel count and the recording's original sample rate. Null when there is none.
 */
function opusHead(bytes: Buffer): { channels: number; inputRate: number } | null {
  const at = bytes.subarray(0, 4096).indexOf("OpusHead", 0, "latin1");
  if (at === -1 || at + 16 > bytes.length) return null;
  return { channels: bytes[at + 9], inputRate: bytes.readUInt32LE(at + 12) };
}

/** The decoder's output as 16-bit mono pieces (channels averaged); empty outputs are skipped. */
async function* monoPieces(decoder: StreamDecoder, head: Buffer, reader: ByteReader): AsyncGenerator<{ samples: Int16Array; sampleRate: number }> {
  try {
    let input: Buffer = head;
    for (;;) {
      for (let at = 0; at < input.length; at += FEED_BYTES) {
        const piece = toMono(await decodeStep(() => decoder.decode(input.subarray(at, at + FEED_BYTES))));
        if (piece) yield piece;
      }
      if (reader.ended) break;
      input = await reader.read(FEED_BYTES * 16);
      if (!input.length) break;
    }
    const tail = toMono(await decodeStep(() => decoder.flush()));
    if (tail) yield tail;
  } finally {
    decoder.free();
  }
}

async function decodeStep(step: () => DecodedAudio | Promise<DecodedAudio>): Promise<DecodedAudio> {
  try {
    return await step();
  } catch (error) {
    throw new EngineError({ code: "audio_undecodable", params: { detail: error instanceof Error ? error.message : String(error) } }, false);
  }
}

function toMono(decoded: DecodedAudio | undefined): { samples: Int16Array; sampleRate: number } | null {
  const channels = decoded?.channelData ?? [];
  const length = channels[0]?.length ?? 0;
  if (!decoded || length === 0) return null;
  const samples = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (const channel of channels) sum += channel[i];
    const value = Math.max(-1, Math.min(1, sum / channels.length));
    samples[i] = Math.round(value * 32767);
  }
  return { samples, sampleRate: decoded.sampleRate };
}
