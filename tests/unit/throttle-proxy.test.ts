/**
 * @jest-environment node
 */
import net from "node:net";
import { once } from "node:events";
import { ThrottleProxy } from "../support/throttle-proxy";

/*
 * The slow-link proxy of the upload tests and benchmarks, against a local echo server: its rate is
 * what it was told (±15 %), it adds the round-trip time it was given, it counts what it forwarded, and a drop cuts the open connections,
 * refuses new ones for its duration, then lets them through again.
 */
jest.setTimeout(30_000);

let echo: net.Server;
let echoPort: number;
const proxies: ThrottleProxy[] = [];
const echoSockets = new Set<net.Socket>();

beforeAll(async () => {
  echo = net.createServer((socket) => {
    echoSockets.add(socket);
    socket.on("error", () => {});
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
  echoPort = (echo.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  for (const socket of echoSockets) socket.destroy();
  await new Promise<void>((resolve) => echo.close(() => resolve()));
});

async function proxy(rates: ConstructorParameters<typeof ThrottleProxy>[1]): Promise<ThrottleProxy> {
  const started = new ThrottleProxy({ host: "127.0.0.1", port: echoPort }, rates);
  await started.listen();
  proxies.push(started);
  return started;
}

async function connect(port: number): Promise<net.Socket> {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  return socket;
}

/** Sends `bytes` through the proxy to the echo server and resolves with the seconds until all came back. */
async function roundTrip(port: number, bytes: number): Promise<number> {
  const socket = await connect(port);
  const started = performance.now();
  let received = 0;
  const done = new Promise<void>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received >= bytes) resolve();
    });
    socket.on("error", reject);
  });
  socket.write(Buffer.alloc(bytes, 7));
  await done;
  socket.destroy();
  return (performance.now() - started) / 1000;
}

const within15 = (measured: number, expected: number) => expect(Math.abs(measured - expected) / expected).toBeLessThanOrEqual(0.15);

test("client → server is held to its rate, and the bytes forwarded are counted", async () => {
  const link = await proxy({ upBitsPerSecond: 800_000 }); // 100 kB/s
  const bytes = 250_000;
  const seconds = await roundTrip(link.port, bytes);
  within15(bytes / seconds, 100_000);
  expect(link.bytesUp).toBe(bytes);
  expect(link.bytesDown).toBe(bytes);
});

test("two connections share one link's rate; server → client has its own limit", async () => {
  const link = await proxy({ upBitsPerSecond: 1_600_000, downBitsPerSecond: 800_000 });
  const bytes = 120_000;
  const started = performance.now();
  await Promise.all([roundTrip(link.port, bytes), roundTrip(link.port, bytes)]);
  const seconds = (performance.now() - started) / 1000;
  // The echo comes back through the slower direction: 240 kB at 100 kB/s.
  within15((2 * bytes) / seconds, 100_000);
  expect(link.bytesUp).toBe(2 * bytes);
});

test("the link's round-trip time delays every exchange by that much, and the rate still holds under it", async () => {
  const link = await proxy({ rttMs: 300 });
  const small = await roundTrip(link.port, 10);
  // There and back through the echo: one round trip, whatever the size.
  expect(small).toBeGreaterThanOrEqual(0.29);
  expect(small).toBeLessThan(0.45);

  // Bytes in flight keep flowing while earlier ones are on the wire: 250 kB at 100 kB/s take 2.5 s,
  // plus one round trip, not a round trip per piece.
  link.setRates({ upBitsPerSecond: 800_000, rttMs: 300 });
  within15(await roundTrip(link.port, 250_000), 2.5 + 0.3);
});

test("a drop destroys open connections, refuses new ones while it lasts, then the link works again", async () => {
  const link = await proxy({});
  const open = await connect(link.port);
  const closed = once(open, "close");
  open.on("error", () => {});
  expect(await roundTrip(link.port, 10_000)).toBeLessThan(1);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(link.connections).toBe(1);

  const dropped = link.drop(800);
  const cut = await Promise.race([closed.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 500))]);
  expect(cut).toBe(true);
  expect(link.connections).toBe(0);

  // A connection made during the drop is accepted and reset: nothing comes back.
  const during = net.connect(link.port, "127.0.0.1");
  let echoed = 0;
  during.on("data", (chunk: Buffer) => (echoed += chunk.length));
  during.on("connect", () => during.write("hello"));
  const outcome = await new Promise<string>((resolve) => {
    during.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    during.on("close", () => resolve("closed"));
    setTimeout(() => resolve("still open"), 500);
  });
  during.destroy();
  expect(["ECONNRESET", "EPIPE", "closed"]).toContain(outcome);
  expect(echoed).toBe(0);
  expect(link.refused).toBe(1);

  await dropped;
  expect(await roundTrip(link.port, 10_000)).toBeLessThan(1);
});
