import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, signUpPatient, type Actor } from "./support/actors";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Handler> = {};

interface Listed {
  items: { id: string; type: string; title: string; message: string; actionUrl: string | null; read: boolean; createdAt: string }[];
  unreadCount: number;
}

async function database() {
  return (await import("@/lib/db")).db();
}

const list = async (who: Browser, locale?: string) => {
  const response = await callRoute(who, routes.list, `/api/notifications${locale ? `?locale=${locale}` : ""}`, { method: "GET" });
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as Listed;
};
const read = (who: Browser, id: string) => callRoute(who, routes.read, `/api/notifications/${id}/read`, { method: "POST", params: { id } });
const readAll = (who: Browser) => callRoute(who, routes.readAll, "/api/notifications/read-all", { method: "POST" });

describe("notifications: the bell's API", () => {
  let amina: Actor;
  let musa: Actor;

  before(async () => {
    await useFreshApp();
    routes.list = (await import("@/app/api/notifications/route")).GET;
    routes.read = (await import("@/app/api/notifications/[id]/read/route")).POST;
    routes.readAll = (await import("@/app/api/notifications/read-all/route")).POST;
    amina = await signUpPatient("Amina");
    musa = await signUpPatient("Musa");
    const db = await database();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await db.notification.createMany({
      data: [
        { userId: amina.id, type: "submission_received", params: { trackingNumber: "SUB-20261123-AAAAAAAAAA" }, actionUrl: "/journey", createdAt: at(30) },
        {
          userId: amina.id,
          type: "status_changed",
          params: { trackingNumber: "SUB-20261123-AAAAAAAAAA", status: "under_review" },
          actionUrl: "/journey",
          createdAt: at(20),
        },
        {
          userId: amina.id,
          type: "hospital_response",
          params: { trackingNumber: "SUB-20261123-AAAAAAAAAA", hospitalName: "Medipol Mega" },
          actionUrl: "/journey",
          createdAt: at(10),
        },
        {
          userId: musa.id,
          type: "document_request",
          params: { trackingNumber: "SUB-20261123-BBBBBBBBBB", request: "Your latest MRI" },
          actionUrl: "/journey",
          createdAt: at(5),
        },
      ],
    });
  });
  after(async () => (await database()).$disconnect());

  test("each user lists only their own, newest first, rendered in the requested language", async () => {
    const mine = await list(amina.browser);
    assert.equal(mine.unreadCount, 3);
    assert.deepEqual(
      mine.items.map((item) => item.type),
      ["hospital_response", "status_changed", "submission_received"],
    );
    assert.equal(mine.items[1].title, "Case SUB-20261123-AAAAAAAAAA updated");
    assert.equal(mine.items[1].message, "The status of your case SUB-20261123-AAAAAAAAAA is now: Under Review.");
    assert.ok(mine.items.every((item) => !item.read && item.actionUrl === "/journey"));

    const french = await list(amina.browser, "fr");
    assert.notEqual(french.items[1].title, mine.items[1].title, "French texts");
    assert.match(french.items[1].message, /SUB-20261123-AAAAAAAAAA/);
    assert.ok(!french.items[1].message.includes("under_review"), "the status is shown in words");

    const his = await list(musa.browser);
    assert.deepEqual(
      his.items.map((item) => item.message),
      ["Your care coordinator asks for more documents for case SUB-20261123-BBBBBBBBBB: Your latest MRI. Please add them with 'Add More Files'."],
    );
    assert.equal(his.unreadCount, 1);
  });

  test("dates in a notification are shown as dates, in the reader's language", async () => {
    const db = await database();
    const note = await db.notification.create({
      data: {
        userId: musa.id,
        type: "appointment_scheduled",
        params: { trackingNumber: "SUB-20261123-BBBBBBBBBB", hospitalName: "Memorial Şişli", date: "2026-12-03T09:30:00.000Z" },
        createdAt: new Date(Date.now() - 60 * 60_000),
      },
    });
    const [, appointment] = (await list(musa.browser)).items;
    assert.equal(appointment.id, note.id);
    assert.match(appointment.message, /^Memorial Şişli scheduled your appointment for Dec 3, 2026, 9:30 AM UTC \(case SUB-20261123-BBBBBBBBBB\)\.$/);
    await db.notification.delete({ where: { id: note.id } });
  });

  test("bad input and strangers: 4xx with an error", async () => {
    const musaItem = (await list(musa.browser)).items[0];
    const bad = await callRoute(amina.browser, routes.list, "/api/notifications?locale=xx", { method: "GET" });
    assert.equal(bad.status, 400);
    for (const [label, response, status] of [
      ["a guest lists", await callRoute(new Browser(), routes.list, "/api/notifications", { method: "GET" }), 401],
      ["a guest marks read", await read(new Browser(), musaItem.id), 401],
      ["a guest marks all read", await readAll(new Browser()), 401],
      ["someone else's notification", await read(amina.browser, musaItem.id), 404],
      ["a made-up id", await read(amina.browser, "00000000-0000-4000-8000-000000000000"), 404],
      ["a malformed id", await read(amina.browser, "not-an-id"), 404],
    ] as const) {
      assert.equal(response.status, status, label);
      assert.equal(typeof ((await response.json()) as { error?: unknown }).error, "string", label);
    }
    assert.equal((await list(musa.browser)).unreadCount, 1, "Musa's notification is still unread");
  });

  test("marking one read lowers the count once; again is harmless; the count never goes below 0", async () => {
    const [first] = (await list(amina.browser)).items;
    const once = await read(amina.browser, first.id);
    assert.equal(once.status, 200);
    assert.deepEqual(await once.json(), { unreadCount: 2 });
    const twice = await read(amina.browser, first.id);
    assert.deepEqual(await twice.json(), { unreadCount: 2 });
    const after = await list(amina.browser);
    assert.equal(after.items.find((item) => item.id === first.id)!.read, true);

    assert.deepEqual(await (await readAll(amina.browser)).json(), { unreadCount: 0 });
    assert.deepEqual(await (await readAll(amina.browser)).json(), { unreadCount: 0 });
    assert.deepEqual(await (await read(amina.browser, first.id)).json(), { unreadCount: 0 });
    const cleared = await list(amina.browser);
    assert.equal(cleared.unreadCount, 0);
    assert.ok(cleared.items.every((item) => item.read));
    assert.equal((await list(musa.browser)).unreadCount, 1, "'Mark all read' touches only the caller's own");
  });

  test("the list holds the 50 newest", async () => {
    const db = await database();
    await db.notification.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        userId: musa.id,
        type: "status_changed" as const,
        params: { trackingNumber: `SUB-20261123-${String(i).padStart(10, "0")}`, status: "closed" },
        createdAt: new Date(Date.now() - (100 - i) * 1000),
      })),
    });
    const listed = await list(musa.browser);
    assert.equal(listed.items.length, 50);
    assert.equal(listed.unreadCount, 56);
    assert.match(listed.items[0].title, /SUB-20261123-0000000054/);
  });

  test("a hospital told that its answer is no longer needed reads why: another plan chosen, closed or cancelled, in its language", async () => {
    const partner = await signUpPatient("Elif");
    const db = await database();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await db.notification.createMany({
      data: (["plan_chosen", "closed", "cancelled"] as const).map((reason, index) => ({
        userId: partner.id,
        type: "case_ended" as const,
        params: { trackingNumber: `SUB-20261123-CCCCCCCCC${index}`, hospitalName: "Medipol Mega", reason },
        actionUrl: "/partner/cases/x",
        createdAt: at(10 - index),
      })),
    });
    const english = (await list(partner.browser)).items.map((item) => [item.title, item.message]);
    assert.deepEqual(english, [
      ["Case cancelled: SUB-20261123-CCCCCCCCC2", "Case SUB-20261123-CCCCCCCCC2 was cancelled. Medipol Mega no longer needs to answer it. Thank you."],
      ["Case closed: SUB-20261123-CCCCCCCCC1", "Case SUB-20261123-CCCCCCCCC1 was closed. Medipol Mega no longer needs to answer it. Thank you."],
      [
        "Another plan was chosen: SUB-20261123-CCCCCCCCC0",
        "The patient chose another hospital's plan for case SUB-20261123-CCCCCCCCC0. Medipol Mega no longer needs to answer it. Thank you.",
      ],
    ]);
    const french = (await list(partner.browser, "fr")).items.map((item) => item.title);
    assert.deepEqual(french, [
      "Dossier annulé : SUB-20261123-CCCCCCCCC2",
      "Dossier clôturé : SUB-20261123-CCCCCCCCC1",
      "Un autre plan a été choisi : SUB-20261123-CCCCCCCCC0",
    ]);
  });
});
