import "server-only";
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import type { Lock, Locker, RequestRelease } from "@tus/utils";
import { AppError } from "@/lib/app-error";
import { log } from "@/lib/log";

const CHANNEL = "afyabridge_upload_lock";
const POLL_MS = 100;

/**
 * A tus locker that holds across app instances: a PostgreSQL session advisory lock per upload, held
 * on its own pooled connection while a request writes. A request that finds the lock taken asks the
 * holder, in whichever instance, to let go (NOTIFY; each instance LISTENs and cancels its request
 * for that upload: the tus rule that the newest request for an upload wins, e.g. a phone that
 * reconnected while its old request still hangs) and waits up to `timeoutMs`, then answers 423 and
 * the client retries.
 */
export class PostgresLocker implements Locker {
  private readonly pool: pg.Pool;
  private listener: Promise<pg.Client> | null = null;
  /** The release callbacks of the locks this process holds, by upload id. */
  readonly held = new Map<string, RequestRelease>();

  constructor(
    connectionString: string,
    readonly timeoutMs = 20_000,
    poolSize = 50,
  ) {
    this.pool = new pg.Pool({ connectionString, max: poolSize });
    this.pool.on("error", (error) => log.error({ err: error }, "upload lock connection failed"));
  }

  newLock(id: string): Lock {
    return new PostgresLock(this, id);
  }

  connect(): Promise<pg.PoolClient> {
    return this.pool.connect();
  }

  /** Starts listening for release requests (once per process). */
  listen(): Promise<pg.Client> {
    this.listener ??= (async () => {
      const client = new pg.Client({ connectionString: (this.pool.options as { connectionString: string }).connectionString });
      client.on("notification", (message) => {
        if (message.payload) void this.held.get(message.payload)?.();
      });
      client.on("error", (error) => {
        log.error({ err: error }, "upload lock listener failed; it reconnects on the next lock");
        this.listener = null;
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      return client;
    })().catch((error: unknown) => {
      this.listener = null;
      throw error;
    });
    return this.listener;
  }

  async close(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await (await listener?.catch(() => null))?.end();
    await this.pool.end();
  }
}

class PostgresLock implements Lock {
  private client: pg.PoolClient | null = null;
  private readonly key: string;

  constructor(
    private readonly locker: PostgresLocker,
    private readonly id: string,
  ) {
    // Advisory locks take a bigint: the first 8 bytes of the id's hash, signed.
    this.key = createHash("sha256").update(`upload:${id}`).digest().readBigInt64BE(0).toString();
  }

  async lock(signal: AbortSignal, cancelReq: RequestRelease): Promise<void> {
    await this.locker.listen();
    const client = await this.locker.connect();
    const deadline = Date.now() + this.locker.timeoutMs;
    try {
      for (let asked = false; ;) {
        const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS locked", [this.key]);
        if (rows[0].locked) break;
        if (!asked) {
          await client.query("SELECT pg_notify($1, $2)", [CHANNEL, this.id]);
          asked = true;
        }
        if (signal.aborted || Date.now() > deadline) throw new AppError("locked", "upload_busy");
        await sleep(POLL_MS);
      }
    } catch (error) {
      client.release();
      throw error;
    }
    this.client = client;
    this.locker.held.set(this.id, cancelReq);
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.client = null;
    this.locker.held.delete(this.id);
    try {
      await client.query("SELECT pg_advisory_unlock($1::bigint)", [this.key]);
      client.release();
    } catch (error) {
      client.release(error as Error); // a broken connection ends, which releases its locks too
    }
  }
}
