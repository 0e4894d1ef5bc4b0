/**
 * A minimal app server for fault tests: serves POST /api/medical-submissions through the real route
 * handler on the embedded database in DATA_DIR (migrated at start, as `npm run dev` does), handing it
 * the request as Next's Node server does (the IncomingMessage as a streamed body, and a signal that
 * aborts when the client goes away before the answer is sent). GET /__stats answers how many
 * requests are in the handler and how many file descriptors the process holds. Prints
 * "LISTENING <port>" when ready. Run with
 * `node --import ./scripts/server-only-hooks.mjs --import tsx tests/support/upload-server.ts`.
 */
import { readdirSync, readlinkSync } from "node:fs";
import http from "node:http";
import path from "node:path";

/**
 * The descriptors an upload can hold: network sockets and files under the data directory, except the
 * embedded database's. Not all of the process's: the runtime (one on /dev/null) and the database
 * (its table files) open and close their own as they go.
 */
function uploadDescriptors(): number {
  const dataDir = process.env.DATA_DIR ?? "";
  const database = path.join(dataDir, "pglite");
  return readdirSync("/proc/self/fd").filter((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith("socket:") || (dataDir !== "" && target.startsWith(dataDir) && !target.startsWith(database));
    } catch {
      return false; // closed while listing (the listing's own descriptor among them)
    }
  }).length;
}

const { resetEnvForTests } = await import("@/lib/env");
resetEnvForTests();
const { prepareDatabase } = await import("@/lib/db/prepare");
await prepareDatabase(() => {});
const { POST } = await import("@/app/api/medical-submissions/route");

let inFlight = 0;

/** As next/dist/server/web/spec-extension/adapters/next-request.js: aborted when the response closes unfinished. */
function signalFromResponse(outgoing: http.ServerResponse): AbortSignal {
  const controller = new AbortController();
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) controller.abort(new Error("ResponseAborted"));
  });
  return controller.signal;
}

const server = http.createServer(async (incoming, outgoing) => {
  try {
    if (incoming.method === "GET" && incoming.url === "/__stats") {
      outgoing.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ inFlight, fds: uploadDescriptors() }));
      return;
    }
    if (incoming.method !== "POST" || incoming.url !== "/api/medical-submissions") {
      outgoing.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "Not found" }));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
    const request = new Request(new URL(incoming.url, process.env.APP_URL), {
      method: "POST",
      headers,
      body: incoming as unknown as ReadableStream<Uint8Array>,
      duplex: "half",
      signal: signalFromResponse(outgoing),
    } as RequestInit);
    inFlight++;
    let response: Response;
    try {
      response = await POST(request);
    } finally {
      inFlight--;
    }
    if (outgoing.destroyed) return;
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    if (!outgoing.headersSent && !outgoing.destroyed)
      outgoing.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: String(error) }));
  }
});
server.listen(Number(process.env.UPLOAD_SERVER_PORT ?? 0), "127.0.0.1", () => {
  console.log(`LISTENING ${(server.address() as { port: number }).port}`);
});
