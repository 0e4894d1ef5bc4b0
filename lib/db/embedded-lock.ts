import "server-only";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database allows one process at a time. The server records its process id here while
 * it has the database open, so that tools which need it to themselves (backup, restore, admin:grant) can refuse
 * to run beside it instead of corrupting it.
 */
export const LOCK_FILE = "server.pid";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process that has the embedded database in `dataDir` open, if one is running. */
export function embeddedDatabaseHolder(dataDir: string): number | null {
  const file = path.join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}

/** Stops a tool that needs the embedded database to itself while a server has it open. */
export function refuseWhileServerRuns(dataDir: string, whileRunning = ""): void {
  const holder = embeddedDatabaseHolder(dataDir);
  if (holder) throw new Error(`The server (process ${holder}) has the database in ${dataDir} open. Stop it first, then run this again.${whileRunning}`);
}

/** Called when this process opens the embedded database; the record goes when the process exits. */
export function recordEmbeddedDatabaseHolder(dataDir: string): void {
  const file = path.join(dataDir, LOCK_FILE);
  writeFileSync(file, String(process.pid), { mode: 0o600 });
  process.once("exit", () => {
    if (existsSync(file) && readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
  });
}
