import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import * as grpc from "@grpc/grpc-js";
import { resetEnvForTests } from "@/lib/env";
import type { EngineInput } from "@/lib/transcriptions/engines";
import { startSpeechServer, type Answer, type RecordedCall, type SpeechServer } from "../support/speech-server";

type Engines = typeof import("@/lib/transcriptions/engines");
let engines: Engines;
let server: SpeechServer;
/** What the server answers next; reset by each test. */
let answer: (call: RecordedCall, index: number) => Answer;
const timings: Record<string, number> = {};

/** The engine cuts audio into requests of at most this many bytes (Google's inline limit is 10 MB). */
const CHUNK = 9 * 1024 * 1024;

function wav(options: { rate: number; channels: number; seconds: number; extraChunk?: boolean; bits?: number; format?: number }): {
  file: Buffer;
  pcm: Buffer;
} {
  const bits = options.bits ?? 16;
  const blockAlign = options.channels * (bits / 8);
  const pcm = Buffer.alloc(Math.round(options.rate * options.seconds) * blockAlign);
  // A recognisable ramp, so each request's bytes can be checked against the right slice.
  for (let i = 0; i + 1 < pcm.length; i += 2) pcm.writeUInt16LE((i / 2) % 65536, i);
  const fmt = Buffer.alloc(24);
  fmt.write("fmt ", 0, "latin1");
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(options.format ?? 1, 8);
  fmt.writeUInt16LE(options.channels, 10);
  fmt.writeUInt32LE(options.rate, 12);
  fmt.writeUInt32LE(options.rate * blockAlign, 16);
  fmt.writeUInt16LE(blockAlign, 20);
  fmt.writeUInt16LE(bits, 22);
  // A LIST chunk between fmt and data, as many recorders write (odd length: padded to even).
  const list = options.extraChunk
    ? Buffer.concat([Buffer.from("LIST", "latin1"), Buffer.from([9, 0, 0, 0]), Buffer.from("INFOabcde\0", "latin1")])
    : Buffer.alloc(0);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write("data", 0, "latin1");
  dataHeader.writeUInt32LE(pcm.length, 4);
  const riff = Buffer.alloc(12);
  riff.write("RIFF", 0, "latin1");
  riff.writeUInt32LE(4 + fmt.length + list.length + 8 + pcm.length, 4);
  riff.write("WAVE", 8, "latin1");
  return { file: Buffer.concat([riff, fmt, list, dataHeader, pcm]), pcm };
}

/** MPEG-1 Layer III frames at 128 kbit/s and 44.1 kHz (417 bytes each, no padding) after an ID3v2 tag. */
function mp3(frames: number): { file: Buffer; frameBytes: number } {
  const frame = Buffer.alloc(417, 0x55);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  const tagBody = Buffer.from("TIT2\0\0\0\x06\0\0\0Visit", "latin1");
  const id3 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, tagBody.length]), tagBody]);
  return { file: Buffer.concat([id3, ...Array.from({ length: frames }, () => frame), Buffer.from("TAG" + " ".repeat(125), "latin1")]), frameBytes: 417 };
}

function input(mimeType: string, file: Buffer, language: string | null): EngineInput {
  return {
    kind: "audio",
    mimeType,
    fileName: "visit",
    size: file.length,
    language,
    open: async () =>
      Readable.from(
        (function* () {
          for (let at = 0; at < file.length; at += 64 * 1024) yield file.subarray(at, at + 64 * 1024);
        })(),
      ),
  };
}

async function timed<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    timings[name] = Math.round(performance.now() - start);
  }
}

const fixture = (name: string) => readFileSync(path.join(process.cwd(), "tests/fixtures/audio", name));

/** Root mean square of 16-bit little-endian samples, as a fraction of full scale. */
function rms(pcm: Buffer): number {
  let sum = 0;
  for (let at = 0; at + 1 < pcm.length; at += 2) sum += (pcm.readInt16LE(at) / 32768) ** 2;
  return Math.sqrt(sum / (pcm.length / 2));
}

/** Two short phrases at 1.0–1.5 s and 2.0–3.25 s of each request's audio, naming the request. */
const perChunk = (_call: RecordedCall, index: number): Answer => ({
  results: [
    {
      transcript: `Part ${index + 1} begins.`,
      words: [
        ["Part", 1, 1.2],
        [`${index + 1}`, 1.2, 1.3],
        ["begins.", 1.3, 1.5],
      ],
    },
    {
      transcript: " And continues here. ",
      words: [
        ["And", 2, 2.5],
        ["continues", 2.5, 3],
        ["here.", 3, 3.25],
      ],
    },
  ],
});

async function rejectsWith(promise: Promise<unknown>, retryable: boolean, message: RegExp) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof engines.EngineError, `expected an EngineError, got ${String(error)}`);
    assert.equal(error.retryable, retryable);
    assert.match(error.message, message);
    return true;
  });
}

describe("Google Cloud Speech engine against a local gRPC server built from the package's protos", () => {
  before(async () => {
    server = await startSpeechServer((call, index) => answer(call, index));
    process.env.BETTER_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
    process.env.STORAGE_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "afya-speech-"));
    delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
    process.env.GOOGLE_SPEECH_ENDPOINT = server.endpoint;
    resetEnvForTests();
    engines = await import("@/lib/transcriptions/engines");
  });
  after(async () => {
    await server.close();
    delete process.env.GOOGLE_SPEECH_ENDPOINT;
    resetEnvForTests();
    console.log("speech timings (ms):", JSON.stringify(timings));
  });

  test("a long WAV goes in sample-aligned chunks under the inline limit; the transcript is stitched on one timeline", async () => {
    answer = perChunk;
    server.calls.length = 0;
    // 8 kHz mono 16-bit = 16,000 bytes a second: 21 minutes is ~20 MB, three requests.
    const { file, pcm } = wav({ rate: 8000, channels: 1, seconds: 21 * 60, extraChunk: true });
    const start = performance.now();
    const result = await engines.runEngine(input("audio/wav", file, "fr-FR"));
    timings["wav 21 min (20 MB, 3 requests)"] = Math.round(performance.now() - start);

    assert.equal(server.calls.length, 3);
    const sizes = server.calls.map((call) => call.audio.length);
    assert.deepEqual(sizes, [CHUNK, CHUNK, pcm.length - 2 * CHUNK]);
    // Raw samples only (no RIFF header), in order, nothing lost or repeated.
    assert.ok(Buffer.concat(server.calls.map((call) => call.audio)).equals(pcm));
    for (const call of server.calls) {
      assert.equal(call.config.encoding, "LINEAR16");
      assert.equal(call.config.sampleRateHertz, 8000);
      assert.equal(call.config.languageCode, "fr-FR");
      assert.equal(call.config.enableWordTimeOffsets, true);
      assert.equal(call.config.audioChannelCount, 0);
    }

    assert.ok(result.status === "completed");
    assert.equal(result.engine, "google-cloud-speech");
    const chunkSeconds = CHUNK / 16000; // 589.824 s
    assert.deepEqual(
      result.segments,
      [0, 1, 2].flatMap((index) => [
        { start: +(index * chunkSeconds + 1).toFixed(3), end: +(index * chunkSeconds + 1.5).toFixed(3), text: `Part ${index + 1} begins.` },
        { start: +(index * chunkSeconds + 2).toFixed(3), end: +(index * chunkSeconds + 3.25).toFixed(3), text: "And continues here." },
      ]),
    );
    assert.equal(result.text, "Part 1 begins.\nAnd continues here.\nPart 2 begins.\nAnd continues here.\nPart 3 begins.\nAnd continues here.");
  });

  test("a short stereo WAV: one request with its channel count; the language defaults to en-US", async () => {
    answer = perChunk;
    server.calls.length = 0;
    const { file, pcm } = wav({ rate: 44100, channels: 2, seconds: 2 });
    const result = await engines.runEngine(input("audio/wav", file, null));
    assert.equal(server.calls.length, 1);
    assert.ok(server.calls[0].audio.equals(pcm));
    assert.equal(server.calls[0].config.sampleRateHertz, 44100);
    assert.equal(server.calls[0].config.audioChannelCount, 2);
    assert.equal(server.calls[0].config.languageCode, "en-US");
    assert.ok(result.status === "completed");
    assert.deepEqual(result.segments?.[0], { start: 1, end: 1.5, text: "Part 1 begins." });
  });

  test("a long MP3 is cut at frame boundaries (ID3 tags left out), each chunk's time from the frames before it", async () => {
    answer = perChunk;
    server.calls.length = 0;
    const { file, frameBytes } = mp3(30_000); // 12.5 MB, about 13 minutes
    const start = performance.now();
    const result = await engines.runEngine(input("audio/mpeg", file, "sw-KE"));
    timings["mp3 13 min (12.5 MB, 2 requests)"] = Math.round(performance.now() - start);

    const framesPerChunk = Math.floor(CHUNK / frameBytes);
    assert.deepEqual(
      server.calls.map((call) => call.audio.length),
      [framesPerChunk * frameBytes, (30_000 - framesPerChunk) * frameBytes],
    );
    for (const call of server.calls) {
      assert.equal(call.config.encoding, "MP3");
      assert.equal(call.config.sampleRateHertz, 44100);
      assert.equal(call.config.languageCode, "sw-KE");
      assert.deepEqual([...call.audio.subarray(0, 4)], [0xff, 0xfb, 0x90, 0x00]);
      assert.equal(call.audio.indexOf("TAG"), -1);
    }
    assert.ok(result.status === "completed");
    const secondChunkStart = (framesPerChunk * 1152) / 44100;
    assert.deepEqual(result.segments?.[2], { start: +(secondChunkStart + 1).toFixed(3), end: +(secondChunkStart + 1.5).toFixed(3), text: "Part 2 begins." });
  });

  test("a WhatsApp voice note (Opus in Ogg) goes to Speech as it is: OGG_OPUS at the rate the phone recorded", async () => {
    answer = perChunk;
    server.calls.length = 0;
    const note = fixture("voice-note.ogg");
    const result = await timed("ogg opus (as it is)", () => engines.runEngine(input("audio/ogg", note, "en-NG")));
    assert.equal(server.calls.length, 1);
    assert.equal(server.calls[0].config.encoding, "OGG_OPUS");
    assert.equal(server.calls[0].config.sampleRateHertz, 16000);
    assert.equal(server.calls[0].config.languageCode, "en-NG");
    assert.ok(server.calls[0].audio.equals(note), "the file's own bytes are sent");
    assert.ok(result.status === "completed");
    assert.equal(result.text, "Part 1 begins.\nAnd continues here.");
  });

  test("a browser's recording (Opus in WebM) goes to Speech as it is: WEBM_OPUS", async () => {
    answer = perChunk;
    server.calls.length = 0;
    const recording = fixture("recording.webm");
    const result = await engines.runEngine(input("audio/webm", recording, null));
    assert.equal(server.calls.length, 1);
    assert.equal(server.calls[0].config.encoding, "WEBM_OPUS");
    assert.equal(server.calls[0].config.sampleRateHertz, 48000);
    assert.ok(server.calls[0].audio.equals(recording));
    assert.ok(result.status === "completed" && result.text.startsWith("Part 1 begins."));
  });

  test("an iPhone memo (AAC in M4A), which Speech does not take, is decoded on the server and sent as LINEAR16", async () => {
    answer = perChunk;
    server.calls.length = 0;
    const result = await timed("m4a aac (decoded)", () => engines.runEngine(input("audio/mp4", fixture("memo.m4a"), null)));
    assert.equal(server.calls.length, 1);
    const { config, audio } = server.calls[0];
    assert.equal(config.encoding, "LINEAR16");
    assert.equal(config.sampleRateHertz, 48000);
    // The memo is 3.81 s of speech (espeak-ng): the samples sent last that long and are not silence.
    const seconds = audio.length / 2 / 48000;
    assert.ok(Math.abs(seconds - 3.81) < 0.1, `sent ${seconds} s`);
    assert.ok(rms(audio) > 0.02, `sent audio is near silence (rms ${rms(audio)})`);
    assert.ok(result.status === "completed" && result.text.startsWith("Part 1 begins."));
  });

  test("Opus too long for one request is decoded and cut into LINEAR16 pieces on the recording's timeline", async () => {
    const { opusChunks } = await import("@/lib/transcriptions/engines/decoded-audio");
    const { ByteReader } = await import("@/lib/transcriptions/engines/bytes");
    const note = fixture("voice-note.ogg");
    // A request limit below the file's size (7 KB) forces decoding; 4000 bytes are 2000 samples, 1/24 s at 48 kHz.
    const audio = await opusChunks("ogg", new ByteReader(Readable.from([note])), 4000);
    assert.deepEqual(audio.format, { encoding: "LINEAR16", sampleRateHertz: 48000, channels: 1 });
    const chunks = [];
    for await (const chunk of audio.chunks) chunks.push(chunk);
    assert.deepEqual(
      chunks.slice(0, -1).map((chunk) => [chunk.offset, chunk.audio.length]),
      chunks.slice(0, -1).map((_chunk, index) => [(index * 2000) / 48000, 4000]),
    );
    const total = chunks.reduce((sum, chunk) => sum + chunk.audio.length / 2, 0) / 48000;
    assert.ok(Math.abs(total - 3.81) < 0.1, `decoded ${total} s`);
  });

  test("broken voice notes and unsupported WAV encodings are refused for good before anything is sent", async () => {
    answer = perChunk;
    server.calls.length = 0;
    const m4a = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypM4A \0\0\0\0M4A isom", "latin1"), Buffer.alloc(100)]);
    await rejectsWith(engines.runEngine(input("audio/mp4", m4a, null)), false, /could not be decoded|No audio/);
    await rejectsWith(engines.runEngine(input("audio/wav", wav({ rate: 16000, channels: 1, seconds: 1, bits: 24 }).file, null)), false, /24-bit PCM/);
    await rejectsWith(
      engines.runEngine(input("audio/wav", wav({ rate: 16000, channels: 1, seconds: 1, format: 3, bits: 32 }).file, null)),
      false,
      /floating-point/,
    );
    await rejectsWith(engines.runEngine(input("audio/mpeg", Buffer.from("ID3" + "x".repeat(500)), null)), false, /No MP3 audio frames/);
    assert.equal(server.calls.length, 0);
  });

  test("service errors: UNAVAILABLE and DEADLINE_EXCEEDED may be retried, INVALID_ARGUMENT may not; the server's message is kept", async () => {
    const { file } = wav({ rate: 16000, channels: 1, seconds: 1 });
    answer = () => ({ error: { code: grpc.status.UNAVAILABLE, message: "speech backend restarting" } });
    await rejectsWith(engines.runEngine(input("audio/wav", file, null)), true, /UNAVAILABLE: speech backend restarting/);
    answer = () => ({ error: { code: grpc.status.DEADLINE_EXCEEDED, message: "took too long" } });
    await rejectsWith(engines.runEngine(input("audio/wav", file, null)), true, /DEADLINE_EXCEEDED: took too long/);
    answer = () => ({ error: { code: grpc.status.INVALID_ARGUMENT, message: "Invalid recognition 'config': bad encoding." } });
    await rejectsWith(engines.runEngine(input("audio/wav", file, null)), false, /INVALID_ARGUMENT: Invalid recognition 'config': bad encoding\./);
    // The operation itself can fail after it was accepted.
    answer = () => ({ error: { code: grpc.status.INVALID_ARGUMENT, message: "audio could not be decoded" }, inOperation: true });
    await rejectsWith(engines.runEngine(input("audio/wav", file, null)), false, /INVALID_ARGUMENT: audio could not be decoded/);
  });

  test("an error on a later chunk fails the whole job (no partial transcript)", async () => {
    server.calls.length = 0;
    answer = (call, index) => (index === 1 ? { error: { code: grpc.status.UNAVAILABLE, message: "overloaded" } } : perChunk(call, index));
    const { file } = wav({ rate: 8000, channels: 1, seconds: 11 * 60 });
    await rejectsWith(engines.runEngine(input("audio/wav", file, null)), true, /overloaded/);
    assert.equal(server.calls.length, 2);
  });
});
