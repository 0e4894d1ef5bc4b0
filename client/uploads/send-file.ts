import { DetailedError, Upload } from "tus-js-client";
import { UPLOADS_PATH } from "@/lib/contracts/uploads-path";
import { connectionLost, errorFromAnswer, type ApiError } from "../api";

/*
 * One file sent through the resumable upload endpoint (tus, with tus-js-client). The upload's URL is
 * known from the announcement (/api/uploads/<id>): starting asks the server how much it has (HEAD) and
 * continues from there, so a retry, a reload or another day all go on from the last byte the server
 * acknowledged; an upload the server has not seen yet is created first.
 */

/** Each request should last about this long at the speed measured so far: short enough for any timeout, long enough to keep the overhead low. */
const TARGET_REQUEST_SECONDS = 15;
const MIN_CHUNK = 128 * 1024;
const MAX_CHUNK = 32 * 1024 * 1024;
/** A first request of this size takes 8 s on a 256 kbit/s link. */
const FIRST_CHUNK = 256 * 1024;
/** Waits between attempts after a failure: quickly at first, then every 30 s for about half an hour. */
const RETRY_DELAYS = [0, 1000, 2000, 4000, 8000, 15000, ...Array.from({ length: 60 }, () => 30000)];

export interface SendProgress {
  sent: number;
  total: number;
  /** Bytes per second over the last requests; null until measured. */
  bytesPerSecond: number | null;
}

export interface SendCallbacks {
  onProgress: (progress: SendProgress) => void;
  /** The connection is gone (the browser is offline, or a request failed and is retried: true) or back (false): sending waits, then continues by itself. */
  onOffline: (offline: boolean) => void;
}

export interface SendHandle {
  pause(): void;
  resume(): void;
  /** Settles when the file has arrived whole (or is refused: an ApiError with the server's code and text). */
  done: Promise<void>;
}

/** The next request's size for a measured speed. */
export function nextChunkSize(bytesPerSecond: number): number {
  return Math.round(Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, bytesPerSecond * TARGET_REQUEST_SECONDS)));
}

/**
 * `fresh`: the upload was announced and never started, so there is no offset to ask for: it is created
 * with its first bytes in the same request (tus creation-with-upload). `bytesPerSecond`: the speed the
 * files sent before measured, so that the first request is sized to the link too; on a fast link a
 * small file (a CD's images of a few hundred KB) is then the whole upload in one request.
 */
export function sendFile(
  file: Blob & { name: string },
  uploadId: string,
  callbacks: SendCallbacks,
  options: { fresh?: boolean; bytesPerSecond?: number | null } = {},
): SendHandle {
  let speed: number | null = options.bytesPerSecond ?? null;
  let chunkStarted = performance.now();
  let paused = false;
  let connectionLost = false;
  const setConnectionLost = (lost: boolean) => {
    if (lost === connectionLost) return;
    connectionLost = lost;
    callbacks.onOffline(lost);
  };
  let resolveDone!: () => void;
  let rejectDone!: (error: ApiError) => void;
  const done = new Promise<void>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });

  const upload = new Upload(file, {
    endpoint: UPLOADS_PATH,
    uploadUrl: options.fresh ? null : `${UPLOADS_PATH}/${uploadId}`,
    uploadDataDuringCreation: options.fresh === true,
    metadata: { uploadId, filename: file.name },
    chunkSize: speed ? nextChunkSize(speed) : FIRST_CHUNK,
    retryDelays: RETRY_DELAYS,
    storeFingerprintForResuming: false,
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      // A refusal (type, size, expired, not yours) does not change by trying again; a lost connection,
      // a request the server cut for its length or silence (408: it kept what arrived), a busy upload
      // (423), an offset the server moved (409) or a server error do.
      const retry = status === 0 || status === 408 || status === 409 || status === 423 || status >= 500;
      // A creation that failed may have reached the server: the next attempt asks it how far (HEAD), as a resumed upload does.
      if (retry) knowUrl();
      if (retry && status === 0) setConnectionLost(true);
      return retry;
    },
    onProgress: (sent, total) => {
      setConnectionLost(false);
      callbacks.onProgress({ sent, total, bytesPerSecond: speed });
    },
    onChunkComplete: (chunkSize) => {
      const seconds = (performance.now() - chunkStarted) / 1000;
      const measured = chunkSize / Math.max(seconds, 0.05);
      speed = speed === null ? measured : 0.6 * speed + 0.4 * measured;
      // tus-js-client reads chunkSize for each request: the next one is sized to the measured speed.
      upload.options.chunkSize = nextChunkSize(speed);
      chunkStarted = performance.now();
    },
    onBeforeRequest: (request) => {
      if (request.getMethod() === "PATCH" || request.getMethod() === "POST") chunkStarted = performance.now();
    },
    onSuccess: () => {
      stopWatchingNetwork();
      resolveDone();
    },
    onError: (error) => {
      stopWatchingNetwork();
      void refusal(error).then(rejectDone);
    },
  });

  /** From the moment the upload may exist on the server, it is continued from its URL rather than created again. */
  const knowUrl = () => {
    upload.url ??= `${UPLOADS_PATH}/${uploadId}`;
  };
  const goneOffline = () => {
    knowUrl();
    setConnectionLost(true);
    void upload.abort();
  };
  const backOnline = () => {
    setConnectionLost(false);
    if (!paused) upload.start();
  };
  window.addEventListener("offline", goneOffline);
  window.addEventListener("online", backOnline);
  const stopWatchingNetwork = () => {
    window.removeEventListener("offline", goneOffline);
    window.removeEventListener("online", backOnline);
  };

  if (typeof navigator !== "undefined" && navigator.onLine === false) setConnectionLost(true);
  else upload.start();

  return {
    pause() {
      knowUrl();
      paused = true;
      void upload.abort();
    },
    resume() {
      paused = false;
      if (navigator.onLine !== false) upload.start();
    },
    done,
  };
}

/** The server's refusal as an ApiError (its JSON body has the code and the translated text). */
async function refusal(error: Error): Promise<ApiError> {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  if (status === 0) return connectionLost();
  let body: unknown = null;
  try {
    body = JSON.parse(response?.getBody() ?? "");
  } catch {
    body = null;
  }
  return errorFromAnswer(status, body);
}
