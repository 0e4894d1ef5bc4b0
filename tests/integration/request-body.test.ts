import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { useFreshApp, Browser } from "./support/app";

/*
 * JSON bodies are streamed requests too: one that stops arriving is answered 408 after the idle
 * time instead of holding its handler until Node's request timeout, and one that grows past the
 * limit without a Content-Length is refused while it arrives instead of being buffered whole.
 */
const IDLE_SECONDS = 1;

/** Sends `head`, then nothing more and no end (or, with `forever`, endless bytes). */
function body(head: string, options: { forever?: boolean } = {}): ReadableStream<Uint8Array> {
  let sentHead = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(new TextEncoder().encode(head));
        return;
      }
      if (options.forever) controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      else await new Promise(() => {});
    },
  });
}

async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

describe("streamed JSON request bodies", () => {
  before(async () => {
    process.env.REQUEST_IDLE_TIMEOUT_SECONDS = String(IDLE_SECONDS);
    await useFreshApp();
  });
  after(async () => {
    delete process.env.REQUEST_IDLE_TIMEOUT_SECONDS;
    await (
      await import("@/lib/db")
    )
      .db()
      .$disconnect()
      .catch(() => {});
  });

  async function echoRoute() {
    const { apiRoute } = await import("@/lib/api/handler");
    return apiRoute({ access: "public", body: z.object({ note: z.string() }) }, ({ body }) => Response.json(body));
  }

  test("an API body that stops arriving is answered 408 after the idle time", async () => {
    const route = await echoRoute();
    const started = Date.now();
    const response = await within(
      IDLE_SECONDS * 1000 + 4000,
      route(new Browser().request("/api/echo", { body: body('{"note": "hal'), contentType: "application/json" })),
    );
    assert.equal(response.status, 408, await response.clone().text());
    assert.match(((await response.json()) as { error: string }).error, /No data arrived/);
    assert.ok(Date.now() - started >= IDLE_SECONDS * 1000 - 50);
  });

  test("an API body past 1 MB without a Content-Length is refused (413) while it arrives", async () => {
    const route = await echoRoute();
    const response = await within(
      10_000,
      route(new Browser().request("/api/echo", { body: body('{"note": "', { forever: true }), contentType: "application/json" })),
    );
    assert.equal(response.status, 413, await response.clone().text());
  });

  test("a complete API body is still read", async () => {
    const route = await echoRoute();
    const response = await route(new Browser().request("/api/echo", { json: { note: "ok" } }));
    assert.deepEqual(await response.json(), { note: "ok" });
  });

  test("an auth body that stops arriving is answered 408 after the idle time", async () => {
    const { POST } = await import("@/app/api/auth/[...all]/route");
    const response = await within(
      IDLE_SECONDS * 1000 + 4000,
      POST(new Browser().request("/api/auth/sign-in/email", { body: body('{"email": "a@example.com", "pass'), contentType: "application/json" })),
    );
    assert.equal(response.status, 408, await response.clone().text());
  });
});
