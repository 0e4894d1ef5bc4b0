/**
 * A minimal app server for fault tests: serves POST /api/medical-submissions through the real route
 * handler on the embedded database in DATA_DIR (migrated at start, as `npm run dev` does), streaming
 * request bodies as Next does. Prints "LISTENING <port>" when ready. Run with
 * `node --import ./scripts/server-only-hooks.mjs --import tsx tests/support/upload-server.ts`.
 */
import http from "node:http";
import { Readable } from "node:stream";

const { resetEnvForTests } = await import("@/lib/env");
resetEnvForTests();
const { prepareDatabase } = await import("@/lib/db/prepare");
await prepareDatabase(() => {});
const { POST } = await import("@/app/api/medical-submissions/route");

const server = http.createServer(async (incoming, outgoing) => {
  try {
    if (incoming.method !== "POST" || incoming.url !== "/api/medical-submissions") {
      outgoing.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "Not found" }));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
    const request = new Request(new URL(incoming.url, process.env.APP_URL), {
      method: "POST",
      headers,
      body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
    const response = await POST(request);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    outgoing.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: String(error) }));
  }
});
server.listen(Number(process.env.UPLOAD_SERVER_PORT ?? 0), "127.0.0.1", () => {
  console.log(`LISTENING ${(server.address() as { port: number }).port}`);
});
