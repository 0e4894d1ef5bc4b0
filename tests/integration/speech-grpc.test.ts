import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
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

  test("M4A/MP4 and unsupported WAV encodings are refused for good before anything is sent", async () => {
    answer = perChunk;
    server.calls.length = 0;
    const m4a = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypM4A \0\0\0\0M4A isom", "latin1"), Buffer.alloc(100)]);
    await rejectsWith(engines.runEngine(input("audio/mp4", m4a, null)), false, /does not accept M4A\/MP4/);
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
