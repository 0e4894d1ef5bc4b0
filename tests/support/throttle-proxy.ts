import net from "node:net";
import { Transform, type TransformCallback } from "node:stream";

/*
 * A TCP proxy that plays a slow, unreliable mobile link for tests and benchmarks: it forwards to a
 * target host and port, limits each direction's bandwidth with a token bucket shared by all its
 * connections (as one link is), delays each direction by half the link's round-trip time, counts the bytes it forwarded each way, and can drop: every open
 * connection destroyed, and new ones refused for a while, as when the phone loses its signal.
 */

/** Bits per second for each direction; leave one out (or 0) for no limit. */
export interface LinkRates {
  /** Client → server (the upload direction). */
  upBitsPerSecond?: number;
  /** Server → client. */
  downBitsPerSecond?: number;
  /** Round-trip time added by the link, half on the way out and half on the way back (0 or left out: none). */
  rttMs?: number;
}

/**
 * A token bucket in bytes: `reserve(n)` takes n tokens and says how long to wait before sending them.
 * Tokens may go negative (a debt later reservations wait for), so the bytes sent over any stretch of
 * time never exceed the rate times that time, plus one burst.
 */
export class TokenBucket {
  private tokens: number;
  private last = performance.now();

  constructor(
    readonly bytesPerSecond: number,
    readonly burstBytes: number,
  ) {
    this.tokens = burstBytes;
  }

  /** Milliseconds to wait before `bytes` may go. */
  reserve(bytes: number): number {
    const now = performance.now();
    this.tokens = Math.min(this.burstBytes, this.tokens + ((now - this.last) / 1000) * this.bytesPerSecond);
    this.last = now;
    this.tokens -= bytes;
    return this.tokens >= 0 ? 0 : (-this.tokens / this.bytesPerSecond) * 1000;
  }
}

/** One direction of the link: its bucket (none when unlimited) and its count of forwarded bytes. */
class Direction {
  bucket: TokenBucket | null = null;
  piece = 64 * 1024;
  /** Bytes forwarded. */
  bytes = 0;
  /** Bytes read from the sending side (more than forwarded when a drop caught some on their way). */
  received = 0;
  /** Milliseconds each byte spends on the wire after the bandwidth let it go. */
  delayMs = 0;

  setRate(bitsPerSecond: number | undefined): void {
    if (!bitsPerSecond) {
      this.bucket = null;
      this.piece = 64 * 1024;
      return;
    }
    const bytesPerSecond = bitsPerSecond / 8;
    // Pieces of about 1/20 s each (at most 16 KiB), so the flow is smooth rather than in bursts.
    this.piece = Math.max(512, Math.min(16 * 1024, Math.floor(bytesPerSecond / 20)));
    this.bucket = new TokenBucket(bytesPerSecond, this.piece);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Passes bytes on no faster than its direction's bucket allows, counting them. */
class Throttle extends Transform {
  /** Bytes on the wire (sent, not yet delivered because of the link's delay), in order, with when each is due. */
  private readonly inFlight: { part: Buffer; due: number }[] = [];
  private delivering: NodeJS.Timeout | null = null;
  private drained: (() => void) | null = null;

  constructor(private readonly direction: Direction) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.forward(chunk).then(() => callback(), callback);
  }

  /** The end travels after the last bytes on the wire. */
  override _flush(callback: TransformCallback): void {
    if (this.inFlight.length === 0) callback();
    else this.drained = () => callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.delivering) clearTimeout(this.delivering);
    this.inFlight.length = 0;
    callback(error);
  }

  private async forward(chunk: Buffer): Promise<void> {
    this.direction.received += chunk.length;
    for (let at = 0; at < chunk.length && !this.destroyed;) {
      const part = chunk.subarray(at, at + this.direction.piece);
      const wait = this.direction.bucket?.reserve(part.length) ?? 0;
      if (wait > 0) await sleep(wait);
      if (this.destroyed) return;
      this.direction.bytes += part.length;
      this.send(part);
      at += part.length;
    }
  }

  private send(part: Buffer): void {
    if (this.direction.delayMs <= 0) {
      this.push(part);
      return;
    }
    this.inFlight.push({ part, due: performance.now() + this.direction.delayMs });
    this.delivering ??= setTimeout(() => this.deliver(), this.direction.delayMs);
  }

  /** Delivers, in order, every part whose time on the wire is over; then waits for the next one. */
  private deliver(): void {
    this.delivering = null;
    if (this.destroyed) return;
    while (this.inFlight.length > 0 && this.inFlight[0].due <= performance.now()) this.push(this.inFlight.shift()!.part);
    if (this.inFlight.length > 0) this.delivering = setTimeout(() => this.deliver(), Math.max(1, this.inFlight[0].due - performance.now()));
    else this.drained?.();
  }
}

export class ThrottleProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private readonly clients = new Set<net.Socket>();
  private readonly up = new Direction();
  private readonly down = new Direction();
  private refusingUntil = 0;
  private restore: NodeJS.Timeout | null = null;
  /** Connections refused while dropped. */
  refused = 0;
  port = 0;

  constructor(
    private readonly target: { host: string; port: number },
    rates: LinkRates = {},
  ) {
    this.setRates(rates);
  }

  /** A started proxy in front of `url` (http://host:port), and the proxy's URL (on 127.0.0.1). */
  static async before(url: string, rates: LinkRates = {}): Promise<{ proxy: ThrottleProxy; url: string }> {
    const direct = new URL(url);
    const proxy = new ThrottleProxy({ host: direct.hostname, port: Number(direct.port || 80) }, rates);
    await proxy.listen();
    const viaProxy = new URL(direct);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    return { proxy, url: viaProxy.origin };
  }

  /** Changes the link's speed; connections already open follow at once. */
  setRates(rates: LinkRates): void {
    this.up.setRate(rates.upBitsPerSecond);
    this.down.setRate(rates.downBitsPerSecond);
    this.up.delayMs = this.down.delayMs = (rates.rttMs ?? 0) / 2;
  }

  /** Bytes forwarded client → server since the start (or the last `resetCounts`). */
  get bytesUp(): number {
    return this.up.bytes;
  }

  /** Bytes the clients sent to the proxy: what crossed the link, including what a drop then lost. */
  get bytesFromClients(): number {
    return this.up.received;
  }

  /** Bytes forwarded server → client. */
  get bytesDown(): number {
    return this.down.bytes;
  }

  resetCounts(): void {
    for (const direction of [this.up, this.down]) direction.bytes = direction.received = 0;
  }

  /** Connections open now (client side). */
  get connections(): number {
    return [...this.clients].filter((socket) => !socket.destroyed).length;
  }

  async listen(port = 0, host = "127.0.0.1"): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  private accept(client: net.Socket): void {
    if (Date.now() < this.refusingUntil) {
      this.refused++;
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    this.clients.add(client);
    client.on("close", () => this.clients.delete(client));
    const pair = [client, upstream];
    const toServer = new Throttle(this.up);
    const toClient = new Throttle(this.down);
    const end = () => {
      for (const socket of pair) socket.destroy();
      toServer.destroy();
      toClient.destroy();
    };
    for (const socket of pair) {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
      socket.on("error", end);
    }
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    // An end travels on after the bytes before it (a server's last answer reaches the client before
    // its close); an error or a reset on either side destroys both at once.
    client.pipe(toServer).pipe(upstream);
    upstream.pipe(toClient).pipe(client);
  }

  /**
   * The link goes down for `ms`: every open connection is destroyed at once, and connections made
   * meanwhile are accepted and reset. Resolves when the link is back.
   */
  async drop(ms: number): Promise<void> {
    this.refusingUntil = Date.now() + ms;
    for (const socket of this.sockets) socket.destroy();
    if (this.restore) clearTimeout(this.restore);
    await new Promise<void>((resolve) => (this.restore = setTimeout(resolve, ms)));
    this.restore = null;
  }

  async close(): Promise<void> {
    if (this.restore) clearTimeout(this.restore);
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
