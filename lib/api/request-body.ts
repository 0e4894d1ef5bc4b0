import "server-only";
import { Readable } from "node:stream";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/app-error";
import type { ErrorCode } from "@/lib/contracts/errors";

export interface RequestBody {
  /** The body's bytes, read from the client only as fast as the consumer takes them. */
  stream: Readable;
  /**
   * Aborts when the request is given up: the client went away, sent nothing for the idle time, or
   * the consumer called abort(). Its reason is the AppError to answer with. Hand it to everything
   * that holds resources for this request (the object store), so they let go at once.
   */
  signal: AbortSignal;
  /** Gives the request up: stops reading, and closes the connection of a body not read to its end. */
  abort(reason: AppError): void;
  /** Stops the idle timer and the listeners; call once the body is no longer read. */
  close(): void;
}

/**
 * The one way a route reads a request body as a stream. Besides the client's disconnect (the
 * request's signal), a client that keeps the connection open but sends nothing for
 * REQUEST_IDLE_TIMEOUT_SECONDS is given up with a 408: otherwise it would hold the handler, its
 * partial file and a descriptor until Node's request timeout (300 s). The idle time is counted
 * only while the consumer is waiting for the client's next bytes, never while it is busy (a slow
 * store), so backpressure on our side cannot cut a client off.
 */
export function openRequestBody(request: Request, idleTimeoutMs = getEnv().REQUEST_IDLE_TIMEOUT_SECONDS * 1000): RequestBody {
  if (!request.body) throw new AppError("bad_request", "request_no_body");
  const reader = request.body.getReader();
  const controller = new AbortController();
  let waitingForClient = false;

  const idleTimer = setTimeout(() => {
    if (!waitingForClient) return;
    const seconds = Math.round(idleTimeoutMs / 1000);
    giveUp(new AppError("request_timeout", "upload_idle_timeout", { params: { seconds } }));
  }, idleTimeoutMs);
  idleTimer.unref();

  const stream = new Readable({
    read() {
      waitingForClient = true;
      idleTimer.refresh();
      reader.read().then(
        ({ done, value }) => {
          waitingForClient = false;
          if (stream.destroyed) return;
          if (done) stream.push(null);
          else stream.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
        },
        () => {
          waitingForClient = false;
          giveUp(new AppError("bad_request", "upload_interrupted"));
        },
      );
    },
    destroy(error, callback) {
      waitingForClient = false;
      clearTimeout(idleTimer);
      // Cancelling the body of an unfinished request makes the server close its connection.
      reader.cancel(error ?? undefined).catch(() => {});
      callback(error);
    },
  });

  const onClientGone = () => giveUp(new AppError("bad_request", "upload_interrupted"));
  request.signal.addEventListener("abort", onClientGone, { once: true });
  if (request.signal.aborted) onClientGone();

  function giveUp(reason: AppError) {
    if (controller.signal.aborted) return;
    controller.abort(reason);
    stream.destroy(reason);
  }

  return {
    stream,
    signal: controller.signal,
    abort: giveUp,
    close() {
      clearTimeout(idleTimer);
      request.signal.removeEventListener("abort", onClientGone);
    },
  };
}

/**
 * A whole (small) body as text under the same rules as openRequestBody, refused with a 413 as soon
 * as it exceeds `maxBytes` (a missing or false Content-Length cannot make the server buffer more).
 */
export async function readRequestText(request: Request, maxBytes: number, tooLarge: ErrorCode = "body_too_large"): Promise<string> {
  if (!request.body) return "";
  const body = openRequestBody(request);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of body.stream as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > maxBytes) {
        const refused = new AppError("payload_too_large", tooLarge);
        body.abort(refused);
        throw refused;
      }
      chunks.push(chunk);
    }
  } catch (error) {
    throw body.signal.aborted ? body.signal.reason : error;
  } finally {
    body.close();
  }
  return Buffer.concat(chunks, length).toString("utf8");
}
