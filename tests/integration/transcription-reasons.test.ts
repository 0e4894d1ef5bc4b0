import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { useFreshApp } from "./support/app";
import { callRoute, signUpAdmin, type Actor } from "./support/actors";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { queuedTranscription } from "./support/transcriptions";
import { transcriptionDetailSchema, transcriptionPageSchema } from "@/lib/contracts/transcriptions";
import { statusReasonText, type StatusReason } from "@/lib/contracts/transcription-reasons";

/**
 * Issue 20: why a transcription failed or waits is stored as a code with parameters, and the API (the
 * same data the list and the transcript page render) gives it so that each reader gets their language;
 * the English text stays in statusReason for logs and for rows written before the codes.
 */
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const db = async () => (await import("@/lib/db")).db();
const NOT_A_PDF = "%PDF-1.7\n1 0 obj garbage";

/** A queued PDF transcription of `uploadedById`, with these bytes in the store. */
const queuedPdf = async (uploadedById: string, content: string) => (await queuedTranscription(content, { uploadedById })).id;

/** The reason as the pages show it in `locale`, with the app's own message loading. */
async function shown(locale: string, reason: StatusReason): Promise<string> {
  const { translatorFor } = await import("@/lib/i18n/messages");
  return statusReasonText(await translatorFor(locale, "transcriptions"), reason);
}

describe("transcription status reasons in the reader's language", () => {
  let postgres: TestDatabase | null = null;
  let admin: Actor;
  const routes: Record<string, Handler> = {};
  const detail = async (id: string) => {
    const response = await callRoute(admin.browser, routes.one, `/api/transcriptions/${id}`, { params: { id } });
    assert.equal(response.status, 200, await response.clone().text());
    return transcriptionDetailSchema.parse(await response.json());
  };

  before(async () => {
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    await useFreshApp({ databaseUrl: postgres?.url ?? null });
    admin = await signUpAdmin();
    routes.one = (await import("@/app/api/transcriptions/[id]/route")).GET as Handler;
    routes.list = (await import("@/app/api/transcriptions/route")).GET as Handler;
    routes.retry = (await import("@/app/api/transcriptions/[id]/retry/route")).POST as Handler;
  });
  after(async () => {
    // Try again queued a job, which started the queue.
    await (await import("@/lib/transcriptions/jobs")).stopTranscriptionJobs(1000);
    await (await db()).$disconnect();
    await postgres?.drop();
  });

  test("a PDF the real engine cannot read: the code and pdf.js's detail are stored; the API gives them, French and Yoruba readers get their text", async () => {
    const id = await queuedPdf(admin.id, NOT_A_PDF);
    const { processTranscription } = await import("@/lib/transcriptions/worker");
    assert.equal(await processTranscription(id), "failed");

    const row = await (await db()).transcription.findUniqueOrThrow({ where: { id } });
    assert.equal(row.statusReasonCode, "pdf_unreadable");
    const technical = (row.statusReasonParams as { detail: string }).detail;
    assert.ok(technical.length > 0, "the library's own message is kept for an administrator");
    assert.equal(row.statusReason, `This file could not be read as a PDF (${technical}).`);

    const item = await detail(id);
    assert.deepEqual(item.reason, { code: "pdf_unreadable", params: { detail: technical } });
    assert.equal(await shown("fr", item.reason!), `Ce fichier n’a pas pu être lu comme un PDF (${technical}).`);
    assert.equal(await shown("yo", item.reason!), `A kò lè ka fáìlì yìí gẹ́gẹ́ bí PDF (${technical}).`);
    const page = transcriptionPageSchema.parse(await (await callRoute(admin.browser, routes.list, "/api/transcriptions")).json());
    assert.deepEqual(page.items.find((listed) => listed.id === id)?.reason, item.reason);

    // Try again clears the code with the text: a queued row has no reason left over.
    assert.equal((await callRoute(admin.browser, routes.retry, `/api/transcriptions/${id}/retry`, { params: { id }, method: "POST" })).status, 202);
    const queued = await (await db()).transcription.findUniqueOrThrow({ where: { id } });
    assert.deepEqual([queued.statusReason, queued.statusReasonCode, queued.statusReasonParams], [null, null, null]);
    assert.equal((await detail(id)).reason, null);
  });

  test("a retryable failure is stored with its cause; when the queue gives up, the last cause is what the reader is told", async () => {
    const id = await queuedPdf(admin.id, "scanned pages");
    const { processTranscription, giveUpTranscription, RetryLaterError } = await import("@/lib/transcriptions/worker");
    const { EngineError } = await import("@/lib/transcriptions/engines/types");
    const ocrDown = async (): Promise<never> => {
      throw new EngineError({ code: "ocr_failed", params: { detail: "worker exited" } }, true);
    };
    await assert.rejects(processTranscription(id, ocrDown), RetryLaterError);

    const cause = { code: "ocr_failed", params: { detail: "worker exited" } } as const;
    const retrying = await detail(id);
    assert.equal(retrying.status, "queued");
    assert.deepEqual(retrying.reason, { code: "attempt_failed_will_retry", params: { attempt: 1, max: 4, reason: cause } });
    assert.equal(retrying.statusReason, "Attempt 1 of 4 failed (OCR failed: worker exited); it will be retried.");
    assert.equal(await shown("fr", retrying.reason!), "La tentative 1 sur 4 a échoué (L’OCR a échoué : worker exited) ; elle sera relancée.");

    assert.equal(await giveUpTranscription(id), true);
    const failed = await detail(id);
    assert.equal(failed.status, "failed");
    assert.deepEqual(failed.reason, { code: "did_not_finish_last_error", params: { attempts: 1, reason: cause } });
    assert.equal(failed.statusReason, "Transcription did not finish after 1 attempt. Last error: OCR failed: worker exited");
    assert.equal(await shown("fr", failed.reason!), "La transcription n’a pas abouti après 1 tentative. Dernière erreur : L’OCR a échoué : worker exited");
  });

  test("rows without a known code (written before the codes, or by a newer version) keep their English text and no reason", async () => {
    const id = await queuedPdf(admin.id, "old row");
    await (await db()).transcription.update({ where: { id }, data: { status: "failed", statusReason: "Engine crashed." } });
    assert.deepEqual([(await detail(id)).reason, (await detail(id)).statusReason], [null, "Engine crashed."]);
    await (await db()).transcription.update({ where: { id }, data: { statusReasonCode: "made_up_later", statusReasonParams: { x: 1 } } });
    assert.deepEqual([(await detail(id)).reason, (await detail(id)).statusReason], [null, "Engine crashed."]);
  });
});
