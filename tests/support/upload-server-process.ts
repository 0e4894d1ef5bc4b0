import { spawn, type ChildProcess } from "node:child_process";

export interface UploadServer {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
}

/**
 * Starts tests/support/upload-server.ts (the real upload route behind a Node HTTP server) as a child
 * process with `env` on top of this one's, on the embedded database, and resolves with its port.
 */
export async function spawnUploadServer(env: Record<string, string>): Promise<UploadServer> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.NODE_TEST_CONTEXT;
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "./scripts/server-only-hooks.mjs", "--import", "tsx", "tests/support/upload-server.ts"], {
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const check = (chunk: Buffer) => {
      output += chunk;
      const match = output.match(/LISTENING (\d+)/);
      if (match) resolve(Number(match[1]));
    };
    child.stdout!.on("data", check);
    child.stderr!.on("data", check);
    void exited.then(() => reject(new Error(`upload server exited before listening:\n${output}`)));
  });
  return { child, port, exited };
}
