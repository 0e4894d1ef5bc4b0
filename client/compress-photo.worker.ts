/**
 * The worker of client/compress-photo.ts: decodes, scales and encodes one photo at a time off the
 * page's thread. A classic worker (no module syntax at run time), as bundlers emit it.
 */
import { encodeJpeg } from "./photo-encoder";
import type { WorkerAnswer, WorkerJob } from "./compress-photo";

const scope = self as unknown as { onmessage: ((event: MessageEvent<WorkerJob>) => void) | null; postMessage: (answer: WorkerAnswer) => void };

scope.onmessage = async ({ data: { id, photo, settings } }) => {
  try {
    scope.postMessage({ id, jpeg: await encodeJpeg(photo, settings) });
  } catch (error) {
    scope.postMessage({ id, error: String(error) });
  }
};
