import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * Serves route handlers over real HTTP on 127.0.0.1, handing each the request as Next's Node server
 * does (the IncomingMessage as a streamed body, a signal that aborts when the client goes away), so
 * that clients such as tus-js-client talk to them as to the running app.
 *
 * `requestTimeout` (ms) is the Node server's limit on receiving a whole request, 300 s by default as
 * in production; a shorter one is checked every tenth of it (Node checks every 30 s by default).
 */
export async function serveRoutes(
  routes: { pattern: RegExp; handlers: Record<string, Handler> }[],
  appUrl: string,
  options: { requestTimeout?: number } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const timeouts = options.requestTimeout
    ? { requestTimeout: options.requestTimeout, connectionsCheckingInterval: Math.min(30_000, Math.max(100, options.requestTimeout / 10)) }
    : {};
  const server = http.createServer(timeouts, async (incoming, outgoing) => {
    try {
      const url = new URL(incoming.url ?? "/", appUrl);
      const route = routes.find(({ pattern }) => pattern.test(url.pathname));
      const handler = route?.handlers[incoming.method ?? "GET"];
      if (!route || !handler) {
        outgoing.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "Not found" }));
        return;
      }
      const controller = new AbortController();
      outgoing.once("close", () => {
        if (!outgoing.writableFinished) controller.abort(new Error("ResponseAborted"));
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
      const hasBody = !["GET", "HEAD", "OPTIONS"].includes(incoming.method ?? "GET");
      const request = new Request(url, {
        method: incoming.method,
        headers,
        body: hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined,
        duplex: "half",
        signal: controller.signal,
      } as RequestInit);
      const params = Promise.resolve({ ...(route.pattern.exec(url.pathname)?.groups ?? {}) });
      const response = await handler(request, { params });
      if (outgoing.destroyed) return;
      const responseHeaders: Record<string, string | string[]> = Object.fromEntries(response.headers);
      const cookies = response.headers.getSetCookie();
      if (cookies.length) responseHeaders["set-cookie"] = cookies;
      outgoing.writeHead(response.status, responseHeaders);
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      if (!outgoing.headersSent && !outgoing.destroyed) outgoing.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
