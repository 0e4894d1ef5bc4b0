import { ReadStream } from "node:fs";
import { Upload, type HttpRequest, type HttpResponse } from "tus-js-client";

/*
 * One file sent to /api/uploads with tus-js-client, as the browser sends it, timing every request:
 * for the upload tests and benchmarks.
 */

export interface TimedRequest {
  method: string;
  /** Milliseconds from the request's start to its answer (or to its failure). */
  ms: number;
  /** The answer's status; 0 when the request failed without one (connection cut). */
  status: number;
}

export interface TusOutcome {
  ok: boolean;
  error?: Error & { originalResponse?: HttpResponse | null };
  /** Every request tus-js-client made (POST, PATCH, HEAD), in order. */
  requests: TimedRequest[];
  ms: number;
}

export interface TusUploadOptions {
  /** The app's /api/uploads URL (through the proxy, if any). */
  endpoint: string;
  /** A Buffer, or a file's ReadStream (read again from the offset on each request). */
  file: Buffer | ReadStream;
  uploadId: string;
  name: string;
  /** Origin and the upload cookie. */
  headers: Record<string, string>;
  /** Bytes per PATCH (the first one's, with `nextChunkSize`); Infinity (the default) sends the rest of the file in one. */
  chunkSize?: number;
  /**
   * Sizes each following PATCH from the speed measured so far (bytes per second, averaged as the
   * browser does), e.g. client/uploads/send-file.ts's nextChunkSize.
   */
  nextChunkSize?: (bytesPerSecond: number) => number;
  /** Creates the upload with its first bytes (tus creation-with-upload), as the browser does for an upload never started. */
  uploadDataDuringCreation?: boolean;
  /** Waits before each retry (ms); none: the first failure ends the upload. */
  retryDelays?: number[] | null;
  onProgress?: (sent: number, total: number) => void;
}

export function tusUpload(options: TusUploadOptions): Promise<TusOutcome> {
  const requests: TimedRequest[] = [];
  const starts = new Map<HttpRequest, number>();
  const started = performance.now();
  const finish = (request: HttpRequest, status: number) => {
    const at = starts.get(request);
    if (at === undefined) return;
    starts.delete(request);
    requests.push({ method: request.getMethod(), ms: performance.now() - at, status });
  };
  let speed: number | null = null;
  let chunkStarted = performance.now();
  return new Promise((resolve) => {
    const upload: Upload = new Upload(options.file, {
      endpoint: options.endpoint,
      metadata: { uploadId: options.uploadId, filename: options.name },
      headers: options.headers,
      chunkSize: options.chunkSize ?? Infinity,
      uploadDataDuringCreation: options.uploadDataDuringCreation ?? false,
      retryDelays: options.retryDelays ?? null,
      storeFingerprintForResuming: false,
      onBeforeRequest: (request) => {
        starts.set(request, performance.now());
        if (request.getMethod() === "PATCH" || request.getMethod() === "POST") chunkStarted = performance.now();
      },
      onChunkComplete: (chunkSize) => {
        if (!options.nextChunkSize) return;
        const measured = chunkSize / Math.max((performance.now() - chunkStarted) / 1000, 0.05);
        speed = speed === null ? measured : 0.6 * speed + 0.4 * measured;
        upload.options.chunkSize = options.nextChunkSize(speed);
      },
      onAfterResponse: (request, response) => finish(request, response.getStatus()),
      onProgress: options.onProgress,
      onError: (error) => {
        for (const request of [...starts.keys()]) finish(request, 0);
        resolve({ ok: false, error: error as TusOutcome["error"], requests, ms: performance.now() - started });
      },
      onShouldRetry: (error) => {
        // A request that failed is timed here, before the retry; the decision is tus-js-client's
        // default (no retry of a 4xx answer other than 409 and 423).
        for (const request of [...starts.keys()]) finish(request, error.originalResponse?.getStatus() ?? 0);
        const status = error.originalResponse?.getStatus() ?? 0;
        return status < 400 || status >= 500 || status === 409 || status === 423;
      },
      onSuccess: () => resolve({ ok: true, requests, ms: performance.now() - started }),
    });
    upload.start();
  });
}
