/** @jest-environment node */
import { z } from "zod";
import { apiFetch, ApiError } from "@/client/api";

/*
 * apiFetch parses answers with a schema imported when the answer comes (ADR 34). A schema that cannot be
 * imported (the phone went offline after the request) is the connection error, not a crash; error answers
 * are read with their contract, imported the same way.
 */
const answer = (status: number, body: unknown) => jest.spyOn(global, "fetch").mockResolvedValue(new Response(JSON.stringify(body), { status }));
afterEach(() => jest.restoreAllMocks());

test("an answer is parsed with the schema imported for it", async () => {
  answer(200, { id: "case-1", extra: true });
  await expect(apiFetch("/api/x", { schema: async () => z.object({ id: z.string() }) })).resolves.toEqual({ id: "case-1" });
});

test("a schema that cannot be imported is the connection error", async () => {
  answer(200, { id: "case-1" });
  const offline = apiFetch("/api/x", { schema: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")) });
  await expect(offline).rejects.toBeInstanceOf(ApiError);
  await expect(offline).rejects.toMatchObject({ status: 0, code: "network" });
});

test("an error answer keeps the server's code, text and field", async () => {
  answer(400, { error: "Please enter a valid email address.", code: "email_invalid", field: "email" });
  await expect(apiFetch("/api/x", { method: "POST", body: {} })).rejects.toMatchObject({
    status: 400,
    code: "email_invalid",
    message: "Please enter a valid email address.",
    field: "email",
  });
});
