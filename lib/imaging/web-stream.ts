import "server-only";
import type { Readable } from "node:stream";

/**
 * A Node stream as a response body, read only as the client reads (pull), and destroyed when the
 * client goes away. Unlike Readable.toWeb, nothing is enqueued after a cancel: a download dropped
 * mid-way (a closed tab, a viewer scrolling past a slice) cannot throw "Controller is already closed"
 * outside any request.
 */
export function pullStream(source: NodeJS.ReadableStream): ReadableStream<Uint8Array> {
  const node = source as Readable;
  const chunks = node[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === "string" ? new TextEncoder().encode(next.value) : new Uint8Array(next.value as Buffer));
    },
    async cancel() {
      node.destroy();
      await chunks.return?.();
    },
  });
}
