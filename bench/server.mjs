/**
 * Starts the production build (`npm run build` first) on a free port with a fresh embedded database
 * and file store, for benchmarks. Returns its URL, pid, data directory, environment and a stop function.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `cwd`: the checkout whose build to start (default: this one); `port`: a free one unless given. */
export async function startServer(extraEnv = {}, cwd = process.cwd(), port = undefined) {
  port ??= await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "afya-bench-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${port}`,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
    STORAGE_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString("base64"),
    ...extraEnv,
  };
  const prepared = spawnSync("npm", ["run", "--silent", "db:deploy"], { cwd, env, stdio: "inherit" });
  if (prepared.status !== 0) throw new Error("db:deploy failed");
  // BENCH_NODE_ARGS: options for the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn("node", [...nodeArgs, "node_modules/next/dist/bin/next", "start", "-p", String(port)], {
    cwd,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/auth/me`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  // stop() resolves once the server has exited (its embedded database can then be opened by another process).
  return { url, pid: child.pid, dataDir, env, stop: stopper(child) };
}

/**
 * A function that stops `child` (SIGTERM) and resolves once it has exited. A server that has not exited
 * 10 s later is killed, so that a bench never hangs on a stop.
 */
export function stopper(child) {
  const exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", resolve)));
  return () => {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    return exited.finally(() => clearTimeout(timer));
  };
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
export function treeRss(pid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const current = stack.pop();
    try {
      const rss = readFileSync(`/proc/${current}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // gone
    }
    stack.push(...(children.get(current) ?? []));
  }
  return total;
}

/** The records form's fields of a bench submission, as the multipart form names them. */
export function multipartFields(email = "bench@example.com", name = "Bench Patient") {
  return {
    name,
    email,
    homeCountry: "Nigeria",
    specialty: "cardiology",
    urgency: "standard",
    preferredCountries: '["Turkey"]',
    consent: "true",
    consentFullName: name,
    consentEmail: email,
    consentDate: new Date().toISOString().slice(0, 10),
  };
}
