import "server-only";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { refuseWhileServerRuns } from "./embedded-lock";

/**
 * Backup and restore of the embedded default: the database directory and the encrypted file store
 * under DATA_DIR, in one .tar.gz with a manifest. The server must be stopped (the embedded database
 * allows one process). Keys are NOT in the archive: the files stay encrypted with
 * STORAGE_ENCRYPTION_KEY, which is backed up separately (README).
 */
const PARTS = ["pglite", "files"] as const;
const MANIFEST = "afyabridge-backup.json";

interface Manifest {
  format: 1;
  createdAt: string;
  parts: string[];
  files: Record<string, string>; // relative path → sha256
}

function tar(args: string[]): void {
  const result = spawnSync("tar", args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`tar failed: ${result.stderr || result.error?.message}`);
}

function checksums(root: string): Record<string, string> {
  const sums: Record<string, string> = {};
  for (const part of PARTS) {
    const dir = path.join(root, part);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true })) {
      const file = path.join(dir, String(entry));
      if (statSync(file).isFile()) sums[path.relative(root, file)] = createHash("sha256").update(readFileSync(file)).digest("hex");
    }
  }
  return sums;
}

export function backupEmbedded(dataDir: string, archive: string): { files: number } {
  refuseWhileServerRuns(dataDir);
  if (!existsSync(path.join(dataDir, "pglite"))) throw new Error(`No embedded database in ${dataDir}.`);
  const parts = PARTS.filter((part) => existsSync(path.join(dataDir, part)));
  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), parts, files: checksums(dataDir) };
  const staging = mkdtempSync(path.join(tmpdir(), "afya-backup-"));
  try {
    writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    mkdirSync(path.dirname(path.resolve(archive)), { recursive: true });
    tar(["-czf", path.resolve(archive), "-C", staging, MANIFEST, "-C", dataDir, ...parts]);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { files: Object.keys(manifest.files).length };
}

/**
 * Restores an archive into DATA_DIR after checking every file against the manifest. What was there
 * is kept beside it (DATA_DIR/before-restore-<time>/), never deleted.
 */
export function restoreEmbedded(dataDir: string, archive: string): { files: number; keptAt: string | null } {
  refuseWhileServerRuns(dataDir);
  if (!existsSync(archive)) throw new Error(`No backup at ${archive}.`);
  const staging = mkdtempSync(path.join(tmpdir(), "afya-restore-"));
  try {
    tar(["-xzf", path.resolve(archive), "-C", staging]);
    const manifestFile = path.join(staging, MANIFEST);
    if (!existsSync(manifestFile)) throw new Error(`${archive} is not an AfyaBridge backup (no ${MANIFEST}).`);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
    const actual = checksums(staging);
    const damaged = Object.keys(manifest.files).filter((file) => actual[file] !== manifest.files[file]);
    if (damaged.length)
      throw new Error(`The backup is damaged: ${damaged.length} file(s) do not match their checksum, e.g. ${damaged[0]}. Nothing was changed.`);

    mkdirSync(dataDir, { recursive: true });
    const present = PARTS.filter((part) => existsSync(path.join(dataDir, part)));
    const keptAt = present.length ? path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`) : null;
    if (keptAt) {
      mkdirSync(keptAt);
      for (const part of present) renameSync(path.join(dataDir, part), path.join(keptAt, part));
    }
    for (const part of manifest.parts) cpSync(path.join(staging, part), path.join(dataDir, part), { recursive: true });
    return { files: Object.keys(manifest.files).length, keptAt };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
