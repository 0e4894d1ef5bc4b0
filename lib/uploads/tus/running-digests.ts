import "server-only";
import { createHash, type Hash } from "node:crypto";
import { SNIFF_BYTES } from "@/lib/contracts/file-types";

/** What finishing an upload needs of its bytes: their sha256, count, and the first ones (for the type check). */
export interface UploadDigest {
  sha256: string;
  size: number;
  head: Buffer;
}

/** One request's part of an upload's digest: feed it each byte the store is handed, in order. */
export interface DigestFeed {
  take(chunk: Buffer): void;
}

interface Running extends DigestFeed {
  hash: Hash;
  /** Bytes taken so far, from the upload's first. */
  offset: number;
  head: Buffer;
}

/** Unfinished uploads followed at once; the oldest is let go beyond (its finish reads the stored bytes instead). */
const MAX_FOLLOWED = 1000;

/**
 * The sha256 of each upload computed as its bytes arrive, so that finishing a large upload need not
 * read it back (about a second per 500 MB). Kept in this process's memory only: when a request comes
 * to another instance, after a restart, or whenever the store kept other bytes than the hash took,
 * the upload is no longer followed and its finish reads the stored object instead.
 */
export class RunningDigests {
  private readonly running = new Map<string, Running>();

  /**
   * The hash to feed this request's bytes to: the upload's, if this process followed it up to
   * `offset`; a new one at offset 0; otherwise none.
   */
  resume(id: string, offset: number): DigestFeed | null {
    const followed = this.running.get(id);
    this.running.delete(id);
    if (offset === 0) return following({ hash: createHash("sha256"), offset: 0, head: Buffer.alloc(0) });
    return followed?.offset === offset ? following(followed) : null;
  }

  /**
   * After the store kept a request's bytes, `offset` being the upload's offset now: the upload stays
   * followed only if the hash took exactly the bytes the store kept.
   */
  settle(id: string, feed: DigestFeed | null, offset: number): void {
    const running = feed as Running | null;
    if (!running || running.offset !== offset) return;
    this.running.set(id, running);
    if (this.running.size > MAX_FOLLOWED) this.running.delete(this.running.keys().next().value!);
  }

  /** The digest of an upload of `size` bytes when this process followed it to its last byte; it is then let go. */
  takeFinished(id: string, size: number): UploadDigest | undefined {
    const running = this.running.get(id);
    this.running.delete(id);
    return running?.offset === size ? { sha256: running.hash.digest("hex"), size, head: running.head } : undefined;
  }

  forget(id: string): void {
    this.running.delete(id);
  }
}

function following(state: Pick<Running, "hash" | "offset" | "head">): Running {
  const running: Running = {
    ...state,
    take(chunk) {
      running.hash.update(chunk);
      running.offset += chunk.length;
      if (running.head.length < SNIFF_BYTES) running.head = Buffer.concat([running.head, chunk.subarray(0, SNIFF_BYTES - running.head.length)]);
    },
  };
  return running;
}
