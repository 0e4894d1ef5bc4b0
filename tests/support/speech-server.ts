/**
 * A local gRPC server speaking Google Cloud Speech (v1p1beta1, the API version the engine uses) and
 * google.longrunning.Operations, built from the protos shipped in @google-cloud/speech and
 * google-gax, so the real SpeechClient can be exercised offline. Each LongRunningRecognize call is
 * recorded and answered by `answer`; the client then polls GetOperation for the result.
 * Point the app at it with GOOGLE_SPEECH_ENDPOINT=127.0.0.1:<port>.
 */
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { protos } from "@google-cloud/speech";

const root = process.cwd();
const SPEECH_PROTOS = path.join(root, "node_modules/@google-cloud/speech/build/protos");
const GAX_PROTOS = path.join(root, "node_modules/google-gax/build/protos");

export interface RecordedCall {
  config: { encoding: string; sampleRateHertz: number; audioChannelCount: number; languageCode: string; enableWordTimeOffsets: boolean };
  audio: Buffer;
}

/** A word and its start and end, in seconds from the start of the audio the request carried. */
export type Word = [word: string, start: number, end: number];
export type Answer =
  | { results: { transcript: string; words: Word[] }[] }
  | { error: { code: grpc.status; message: string }; /** reported by the finished operation instead of the call */ inOperation?: boolean };

export interface SpeechServer {
  endpoint: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

/** By default every request is answered with one sentence spoken in its first two seconds. */
const defaultAnswer = (): Answer => ({
  results: [
    {
      transcript: "The patient reports mild chest pain.",
      words: [
        ["The", 0, 0.2],
        ["patient", 0.2, 0.6],
        ["reports", 0.6, 1],
        ["mild", 1, 1.3],
        ["chest", 1.3, 1.6],
        ["pain.", 1.6, 2],
      ],
    },
  ],
});

const duration = (value: number) => ({ seconds: Math.floor(value), nanos: Math.round((value % 1) * 1e9) });

function encodeResponse(answer: { results: { transcript: string; words: Word[] }[] }): Buffer {
  const message = protos.google.cloud.speech.v1p1beta1.LongRunningRecognizeResponse.create({
    results: answer.results.map(({ transcript, words }) => ({
      alternatives: [{ transcript, confidence: 0.9, words: words.map(([word, start, end]) => ({ word, startTime: duration(start), endTime: duration(end) })) }],
      resultEndTime: duration(words.at(-1)?.[2] ?? 0),
    })),
  });
  return Buffer.from(protos.google.cloud.speech.v1p1beta1.LongRunningRecognizeResponse.encode(message).finish());
}

type Operation = { name: string; done: boolean; response?: { type_url: string; value: Buffer }; error?: { code: number; message: string } };

export async function startSpeechServer(answer: (call: RecordedCall, index: number) => Answer = defaultAnswer): Promise<SpeechServer> {
  const definition = protoLoader.loadSync(["google/cloud/speech/v1p1beta1/cloud_speech.proto", "google/longrunning/operations.proto"], {
    includeDirs: [SPEECH_PROTOS, GAX_PROTOS],
    longs: Number,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- loadPackageDefinition's result is untyped by design
  const loaded = grpc.loadPackageDefinition(definition) as any;
  const calls: RecordedCall[] = [];
  const operations = new Map<string, Operation>();
  const server = new grpc.Server({ "grpc.max_receive_message_length": 16 * 1024 * 1024 });

  server.addService(loaded.google.cloud.speech.v1p1beta1.Speech.service, {
    longRunningRecognize(
      call: grpc.ServerUnaryCall<{ config: RecordedCall["config"]; audio: { content: Buffer } }, Operation>,
      callback: grpc.sendUnaryData<Operation>,
    ) {
      const recorded: RecordedCall = { config: call.request.config, audio: call.request.audio.content };
      const index = calls.push(recorded) - 1;
      const reply = answer(recorded, index);
      if ("error" in reply && !reply.inOperation) return callback({ code: reply.error.code, details: reply.error.message });
      const name = `operations/${index + 1}`;
      const finished: Operation =
        "error" in reply
          ? { name, done: true, error: reply.error }
          : {
              name,
              done: true,
              response: { type_url: "type.googleapis.com/google.cloud.speech.v1p1beta1.LongRunningRecognizeResponse", value: encodeResponse(reply) },
            };
      operations.set(name, finished);
      // Not done yet: the client has to poll, as it does against Google.
      callback(null, { name, done: false });
    },
    recognize(_call: unknown, callback: grpc.sendUnaryData<unknown>) {
      callback({ code: grpc.status.UNIMPLEMENTED, details: "use LongRunningRecognize" });
    },
    streamingRecognize(call: grpc.ServerDuplexStream<unknown, unknown>) {
      call.emit("error", { code: grpc.status.UNIMPLEMENTED, details: "not supported here" });
    },
  });
  server.addService(loaded.google.longrunning.Operations.service, {
    getOperation(call: grpc.ServerUnaryCall<{ name: string }, Operation>, callback: grpc.sendUnaryData<Operation>) {
      const operation = operations.get(call.request.name);
      if (!operation) return callback({ code: grpc.status.NOT_FOUND, details: `no operation ${call.request.name}` });
      callback(null, operation);
    },
  });

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return {
    endpoint: `127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
