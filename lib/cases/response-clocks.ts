import "server-only";
import { audit, systemActor } from "@/lib/audit";
import { endedStatuses } from "@/lib/contracts/cases";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { NotificationOutbox } from "@/lib/notifications/outbox";
import { formatDueAt } from "./routing";

const HOUR_MS = 60 * 60 * 1000;

/**
 * The 72-hour clocks that act (issue 21): a scheduled job (lib/jobs/schedule.ts) reminds a hospital's
 * partner users 24 h and 8 h before its routing's deadline, and at the deadline marks the routing
 * overdue and alerts the coordinators. Each step is claimed with a conditional UPDATE (... WHERE
 * reminder24At IS NULL) in the transaction that writes its notifications and audit row, so a job run
 * twice, or by two instances at once, tells everyone exactly once. Only routings still awaited count:
 * not answered, case not ended.
 */
export const reminderSteps = [
  { hoursBefore: 24, column: "reminder24At" },
  { hoursBefore: 8, column: "reminder8At" },
] as const;

type ClockColumn = "reminder24At" | "reminder8At" | "overdueAt";

export interface ResponseClockRun {
  reminded24: number;
  reminded8: number;
  overdue: number;
}

const awaited = (column: ClockColumn): Prisma.CaseRoutingWhereInput => ({
  status: "awaiting_response",
  [column]: null,
  submission: { status: { notIn: [...endedStatuses] } },
});

const routingInclude = { hospital: { select: { name: true } }, submission: { select: { trackingNumber: true } } } as const;

/** Claims one clock step of one routing and, if this call won the claim, writes what it causes; true when it did. */
async function claim(
  routingId: string,
  column: ClockColumn,
  now: Date,
  outbox: NotificationOutbox,
  effect: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const claimed = await tx.caseRouting.updateMany({ where: { id: routingId, ...awaited(column) }, data: { [column]: now } });
    if (claimed.count !== 1) return false;
    await effect(tx);
    return true;
  });
}

/** One pass of the clocks as of `now` (tests pass their own clock). Safe to repeat and to run beside another. */
export async function runResponseClocks(now = new Date()): Promise<ResponseClockRun> {
  const result: ResponseClockRun = { reminded24: 0, reminded8: 0, overdue: 0 };
  const outbox = new NotificationOutbox();

  for (const [index, step] of reminderSteps.entries()) {
    // Each reminder in its own window: a routing already within the next step's window gets only that one.
    const later = reminderSteps[index + 1];
    const due = await db().caseRouting.findMany({
      where: {
        ...awaited(step.column),
        dueAt: { gt: new Date(now.getTime() + (later?.hoursBefore ?? 0) * HOUR_MS), lte: new Date(now.getTime() + step.hoursBefore * HOUR_MS) },
      },
      include: routingInclude,
    });
    for (const routing of due) {
      const sent = await claim(routing.id, step.column, now, outbox, async (tx) => {
        await outbox.add(
          tx,
          { kind: "hospital", hospitalId: routing.hospitalId, submissionId: routing.submissionId },
          {
            type: "routing_reminder",
            trackingNumber: routing.submission.trackingNumber,
            hospitalName: routing.hospital.name,
            hours: step.hoursBefore,
            dueAt: formatDueAt(routing.dueAt),
          },
        );
        await audit(tx, systemActor, {
          action: "routing.reminder",
          entityType: "case_routing",
          entityId: routing.id,
          metadata: { submissionId: routing.submissionId, hospitalId: routing.hospitalId, hoursBefore: step.hoursBefore, dueAt: routing.dueAt.toISOString() },
        });
      });
      if (sent) result[step.hoursBefore === 24 ? "reminded24" : "reminded8"]++;
    }
  }

  const late = await db().caseRouting.findMany({ where: { ...awaited("overdueAt"), dueAt: { lte: now } }, include: routingInclude });
  for (const routing of late) {
    const marked = await claim(routing.id, "overdueAt", now, outbox, async (tx) => {
      await outbox.add(
        tx,
        { kind: "admins", submissionId: routing.submissionId },
        { type: "routing_overdue", trackingNumber: routing.submission.trackingNumber, hospitalName: routing.hospital.name, dueAt: formatDueAt(routing.dueAt) },
      );
      await audit(tx, systemActor, {
        action: "routing.overdue",
        entityType: "case_routing",
        entityId: routing.id,
        metadata: { submissionId: routing.submissionId, hospitalId: routing.hospitalId, dueAt: routing.dueAt.toISOString() },
      });
    });
    if (marked) result.overdue++;
  }

  outbox.sendEmails();
  return result;
}
