import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resetEnvForTests } from "@/lib/env";
import { prepareDatabase } from "@/lib/db/prepare";

export const APP_URL = "http://localhost:3000";

/**
 * Points the app's modules at a fresh embedded database (or a fresh PostgreSQL database when one is
 * given) and applies migrations, as `npm run dev` does before starting. Call once per test file:
 * the app keeps one database client per process.
 */
export async function useFreshApp(options: { databaseUrl?: string | null } = {}): Promise<{ dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "afya-app-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  process.env.BETTER_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
  process.env.STORAGE_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
  if (options.databaseUrl) process.env.DATABASE_URL = options.databaseUrl;
  else delete process.env.DATABASE_URL;
  resetEnvForTests();
  await prepareDatabase(() => {});
  return { dataDir };
}

/** A tiny cookie jar, so tests can act as a browser across requests. */
export class Browser {
  private cookies = new Map<string, string>();

  /** Each browser gets its own address unless told, so per-address rate limits do not couple tests. */
  constructor(private readonly ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {}

  request(
    pathname: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string>; body?: ReadableStream<Uint8Array>; contentType?: string } = {},
  ): Request {
    const headers = new Headers(init.headers);
    headers.set("origin", APP_URL);
    headers.set("x-forwarded-for", this.ip);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (init.json !== undefined) headers.set("content-type", "application/json");
    if (init.contentType) headers.set("content-type", init.contentType);
    return new Request(new URL(pathname, APP_URL), {
      method: init.method ?? (init.json === undefined && !init.body ? "GET" : "POST"),
      headers,
      body: init.body ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      duplex: "half",
    } as RequestInit);
  }

  /** Keeps the cookies a response sets, as a browser would. */
  remember(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = pair.split("=");
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value.join("=") === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join("="));
    }
    return response;
  }

  /** Drops a cookie, as closing the browser drops a browser-session cookie. */
  forget(name: string): void {
    this.cookies.delete(name);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
