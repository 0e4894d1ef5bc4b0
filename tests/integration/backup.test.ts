import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { useFreshApp } from "./support/app";
import { signUpPatient, submitCase } from "./support/actors";

/** `npm run backup` / `npm run restore` as a deployer runs them, in their own processes. */
function script(file: string, args: string[]) {
  const result = spawnSync("node", ["--import", "./scripts/server-only-hooks.mjs", "--import", "tsx", file, ...args], { env: process.env, encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

describe("backup and restore of the embedded default (database and stored files)", () => {
  let dataDir: string;
  const archive = path.join(mkdtempSync(path.join(tmpdir(), "afya-backups-")), "backup.tar.gz");
  let trackingNumber: string;
  let storageKey: string;
  let fileHash: string;

  before(async () => {
    ({ dataDir } = await useFreshApp());
    const patient = await signUpPatient("Backup");
    ({ trackingNumber } = await submitCase(patient));
    const { db } = await import("@/lib/db");
    const file = await db().submissionFile.findFirstOrThrow({ where: { submission: { trackingNumber } } });
    storageKey = file.storageKey!;
    const { getStore } = await import("@/lib/storage");
    fileHash = sha256(await text((await getStore().get(storageKey)) as NodeJS.ReadableStream));
  });
  after(() => rmSync(path.dirname(archive), { recursive: true, force: true }));

  test("refuses while the server has the database open", () => {
    const { status, output } = script("scripts/backup.ts", [archive]);
    assert.equal(status, 1);
    assert.match(output, /has the database in .* open\. Stop it first/);
    assert.equal(existsSync(archive), false);
  });

  test("backs up after the server stopped, and restores database and files exactly", async () => {
    // The server stops: the database is closed and its process record goes with it.
    const { db, embeddedPglite } = await import("@/lib/db");
    await db().$disconnect();
    await embeddedPglite()?.close();
    rmSync(path.join(dataDir, "server.pid"), { force: true });

    const backup = script("scripts/backup.ts", [archive]);
    assert.equal(backup.status, 0, backup.output);
    assert.match(backup.output, /Keep STORAGE_ENCRYPTION_KEY safe separately/);
    const listing = spawnSync("tar", ["-tzf", archive], { encoding: "utf8" }).stdout;
    assert.ok(!/storage\.key|auth-secret/.test(listing), "no keys in the archive");

    // Disaster: the database and the files are lost.
    rmSync(path.join(dataDir, "pglite"), { recursive: true });
    rmSync(path.join(dataDir, "files"), { recursive: true });
    const restore = script("scripts/restore.ts", [archive]);
    assert.equal(restore.status, 0, restore.output);

    const { newPglite } = await import("@/lib/db/sql");
    const pglite = newPglite(dataDir);
    const rows = await pglite.query<{ trackingNumber: string }>(`SELECT "trackingNumber" FROM "Submission"`);
    assert.deepEqual(
      rows.rows.map((row) => row.trackingNumber),
      [trackingNumber],
    );
    await pglite.close();
    const { createStore } = await import("@/lib/storage");
    const { getEnv } = await import("@/lib/env");
    assert.equal(sha256(await text((await createStore(getEnv()).get(storageKey)) as NodeJS.ReadableStream)), fileHash);
  });

  test("a restore keeps what was there, and refuses a damaged backup without changing anything", () => {
    const again = script("scripts/restore.ts", [archive]);
    assert.equal(again.status, 0, again.output);
    assert.match(again.output, /What was there before is kept in .*before-restore-/);

    const unpacked = mkdtempSync(path.join(tmpdir(), "afya-damaged-"));
    spawnSync("tar", ["-xzf", archive, "-C", unpacked]);
    const stored = spawnSync("find", [path.join(unpacked, "files"), "-type", "f"], { encoding: "utf8" })
      .stdout.trim()
      .split("\n")[0];
    writeFileSync(stored, Buffer.concat([readFileSync(stored), Buffer.from("tampered")]));
    const damaged = path.join(unpacked, "damaged.tar.gz");
    spawnSync("tar", ["-czf", damaged, "-C", unpacked, "afyabridge-backup.json", "pglite", "files"]);
    const before = spawnSync("ls", [dataDir], { encoding: "utf8" }).stdout;
    const refused = script("scripts/restore.ts", [damaged]);
    assert.equal(refused.status, 1);
    assert.match(refused.output, /The backup is damaged: 1 file\(s\) do not match their checksum.*Nothing was changed/);
    assert.equal(spawnSync("ls", [dataDir], { encoding: "utf8" }).stdout, before);
    rmSync(unpacked, { recursive: true, force: true });
  });
});
