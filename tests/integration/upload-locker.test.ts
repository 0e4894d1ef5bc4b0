import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createTestDatabase, type TestDatabase } from "./support/databases";

/*
 * The resumable upload endpoint's locker across app instances: two lockers on one PostgreSQL database
 * stand for two instances. Runs when TEST_DATABASE_URL names a PostgreSQL server (.ci/run sets it).
 */
describe("upload locks held across app instances (PostgreSQL advisory locks)", { skip: !process.env.TEST_DATABASE_URL && "needs TEST_DATABASE_URL" }, () => {
  let database: TestDatabase;
  const lockers: { close(): Promise<void> }[] = [];

  async function instance(timeoutMs = 5000) {
    const { PostgresLocker } = await import("@/lib/uploads/tus/postgres-locker");
    const locker = new PostgresLocker(database.url!, timeoutMs, 5);
    lockers.push(locker);
    return locker;
  }

  before(async () => {
    database = await createTestDatabase("postgres");
  });
  after(async () => {
    await Promise.all(lockers.map((locker) => locker.close()));
    await database.drop();
  });

  test("a second instance asks the holder to let go, and gets the lock once it does", async () => {
    const [first, second] = [await instance(), await instance()];
    const held = first.newLock("upload-a");
    let asked = false;
    await held.lock(new AbortController().signal, () => {
      asked = true;
      void held.unlock(); // as tus does: the older request for an upload gives way to the newer one
    });
    const started = Date.now();
    const next = second.newLock("upload-a");
    await next.lock(new AbortController().signal, () => {});
    assert.ok(asked, "the holder was asked to release");
    assert.ok(Date.now() - started < 3000);
    await next.unlock();
  });

  test("while the holder keeps it, the other instance is refused with 423 after its wait; other uploads are not blocked", async () => {
    const [first, second] = [await instance(), await instance(400)];
    const held = first.newLock("upload-b");
    await held.lock(new AbortController().signal, () => {}); // ignores the request to let go
    await assert.rejects(
      second.newLock("upload-b").lock(new AbortController().signal, () => {}),
      (error: { status?: number; code?: string }) => {
        assert.equal(error.status, 423);
        assert.equal(error.code, "upload_busy");
        return true;
      },
    );
    const other = second.newLock("upload-c");
    await other.lock(new AbortController().signal, () => {});
    await other.unlock();
    await held.unlock();
    const after = second.newLock("upload-b");
    await after.lock(new AbortController().signal, () => {});
    await after.unlock();
  });
});
