import { afterEach, beforeEach, describe, mock, test } from "node:test";
import assert from "node:assert/strict";
import { errorResponse } from "@/lib/api/handler";
import { log } from "@/lib/log";

/**
 * API failures are logged through the redacting logger (lib/log.ts), never with console.*: an
 * unexpected error once per request, an unreachable database at most once a minute.
 */
describe("API error logging", () => {
  let errors: ReturnType<typeof mock.method>;
  let consoleCalls: ReturnType<typeof mock.method>[];
  beforeEach(() => {
    errors = mock.method(log, "error", () => {});
    consoleCalls = (["log", "info", "warn", "error", "debug"] as const).map((name) => mock.method(console, name, () => {}));
  });
  afterEach(() => mock.restoreAll());

  test("an unexpected error: 500 with a generic message, the error logged as err", async () => {
    const failure = new Error("cannot read properties of undefined");
    const response = await errorResponse(failure);
    assert.equal(response.status, 500);
    assert.deepEqual(await response.json(), { error: "Something went wrong on our side. Please try again.", code: "internal" });
    assert.equal(errors.mock.callCount(), 1);
    assert.deepEqual(errors.mock.calls[0].arguments, [{ err: failure }, "Unhandled error in route handler"]);
    assert.equal(
      consoleCalls.reduce((sum, method) => sum + method.mock.callCount(), 0),
      0,
    );
  });

  test("an unreachable database: 503 every time, logged once a minute", async () => {
    const unreachable = Object.assign(new Error("Can't reach database server at db:5432"), { code: "P1001" });
    for (let i = 0; i < 3; i++) {
      const response = await errorResponse(unreachable);
      assert.equal(response.status, 503);
      assert.equal(response.headers.get("retry-after"), "30");
    }
    assert.equal(errors.mock.callCount(), 1);
    assert.deepEqual(errors.mock.calls[0].arguments[0], { err: unreachable });
    assert.equal(
      consoleCalls.reduce((sum, method) => sum + method.mock.callCount(), 0),
      0,
    );
  });
});
