import "server-only";
import { Readable } from "node:stream";
import { DataStore, Upload } from "@tus/utils";
import { SNIFF_BYTES } from "@/lib/contracts/file-types";
import { RunningDigests, type DigestFeed, type UploadDigest } from "./running-digests";

export interface UploadHooks {
  /** Throws to refuse a file from its first bytes. */
  checkHead: (id: string, head: Buffer) => Promise<void>;
  /** After each request's bytes are kept: the upload's new offset. */
  written: (id: string, offset: number) => Promise<void>;
  /** The store's name for an upload (S3 keeps it under `uploads/`). */
  storeId: (id: string) => string;
}

/**
 * Wraps the store an upload's bytes go to with what every store needs from us: the first bytes of a
 * file are checked before any byte is kept (a first request that ends before there are enough bytes
 * to decide keeps nothing, and the client sends them again), the progress is recorded, and the
 * file's sha256 is computed on the way (lib/uploads/tus/running-digests.ts).
 */
export class CheckedStore extends DataStore {
  private readonly storeId: (id: string) => string;
  private readonly digests = new RunningDigests();

  constructor(
    private readonly inner: DataStore,
    private readonly hooks: UploadHooks,
  ) {
    super();
    this.extensions = inner.extensions;
    this.storeId = hooks.storeId;
  }

  override async create(upload: Upload): Promise<Upload> {
    const created = await this.inner.create(new Upload({ ...upload, id: this.storeId(upload.id) }));
    return new Upload({ ...created, id: upload.id });
  }

  override async getUpload(id: string): Promise<Upload> {
    const upload = await this.inner.getUpload(this.storeId(id));
    return new Upload({ ...upload, id });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const digest = this.digests.resume(id, offset);
    const written = await this.writeChecked(stream, id, offset, digest);
    this.digests.settle(id, digest, written);
    await this.hooks.written(id, written);
    return written;
  }

  /** The digest of an upload whose last byte this store just kept, when it saw every byte of it. */
  finishedDigest(id: string, size: number): UploadDigest | undefined {
    return this.digests.takeFinished(id, size);
  }

  private async writeChecked(stream: Readable, id: string, offset: number, digest: DigestFeed | null): Promise<number> {
    const iterator = stream[Symbol.asyncIterator]();
    let first: Buffer | null = null;
    if (offset === 0) {
      const { size } = await this.inner.getUpload(this.storeId(id));
      const needed = Math.min(SNIFF_BYTES, size ?? SNIFF_BYTES);
      const head: Buffer[] = [];
      let headLength = 0;
      while (headLength < needed) {
        const next = await iterator.next();
        if (next.done) break;
        head.push(next.value as Buffer);
        headLength += (next.value as Buffer).length;
      }
      if (headLength < needed) return 0; // too little to decide: nothing is kept
      first = Buffer.concat(head, headLength);
      await this.hooks.checkHead(id, first);
    }
    const kept = Readable.from(
      (async function* () {
        if (first) {
          digest?.take(first);
          yield first;
        }
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          digest?.take(next.value as Buffer);
          yield next.value as Buffer;
        }
      })(),
    );
    return this.inner.write(kept, this.storeId(id), offset);
  }

  override remove(id: string): Promise<void> {
    this.digests.forget(id);
    return this.inner.remove(this.storeId(id));
  }

  override declareUploadLength(id: string, length: number): Promise<void> {
    return this.inner.declareUploadLength(this.storeId(id), length);
  }

  override deleteExpired(): Promise<number> {
    return this.inner.deleteExpired();
  }

  override getExpiration(): number {
    return this.inner.getExpiration();
  }
}
