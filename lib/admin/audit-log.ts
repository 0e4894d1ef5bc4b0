import "server-only";
import { decodeCursor, encodeCursor, rowsAfter } from "@/lib/api/keyset-cursor";
import { z } from "zod";
import type { AuditLogPage, AuditQuery } from "@/lib/contracts/audit-log";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import { likeLiteral } from "@/lib/db/like";
import type { Prisma } from "@/lib/db/generated/client";
import { normalizeTrackingNumber } from "@/lib/submissions/tracking-number";

/**
 * The entity types whose events belong to a case, and how to find their ids. Events about a case's
 * parts must use these types (with the part's id) to show up under the case filter.
 */
const CASE_PARTS = ["file", "case_routing", "treatment_plan", "document_request"] as const;

export async function listAuditEvents(query: AuditQuery): Promise<AuditLogPage> {
  const submissionId = await resolveCase(query);
  const actorId = await resolveActor(query);
  const filters: Prisma.AuditEventWhereInput[] = [];
  if (submissionId) filters.push(await caseEvents(submissionId));
  if (actorId) filters.push({ actorId });
  if (query.action) filters.push({ action: { startsWith: likeLiteral(query.action) } });
  if (query.cursor) {
    filters.push(rowsAfter(decodeCursor(query.cursor)));
  }
  const rows = await db().auditEvent.findMany({
    where: { AND: filters },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const [actors, entities] = await Promise.all([actorsOf(page), entitiesOf(page)]);
  return {
    items: page.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      action: row.action,
      actor: row.actorId ? (actors.get(row.actorId) ?? { id: row.actorId, name: null, email: null }) : null,
      actorRole: row.actorRole,
      entity: row.entityType
        ? { type: row.entityType, id: row.entityId, ...(row.entityId ? entities.get(`${row.entityType}:${row.entityId}`) : undefined) }
        : null,
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      client: shortUserAgent(row.userAgent),
    })),
    nextCursor: more ? encodeCursor(page[page.length - 1]) : null,
    filters: { submissionId, actorId },
  };
}

/** An id is taken as is (events outlive a deleted case); a tracking number must name an existing case. */
async function resolveCase(query: AuditQuery): Promise<string | null> {
  if (query.submissionId) return query.submissionId;
  if (!query.case) return null;
  const asId = z.uuid().safeParse(query.case);
  if (asId.success) return asId.data;
  const trackingNumber = normalizeTrackingNumber(query.case);
  const found = await db().submission.findUnique({ where: { trackingNumber }, select: { id: true } });
  if (!found) throw new AppError("not_found", "audit_case_unknown", { field: "case", params: { trackingNumber } });
  return found.id;
}

async function resolveActor(query: AuditQuery): Promise<string | null> {
  if (query.actorId) return query.actorId;
  if (!query.actorEmail) return null;
  const email = query.actorEmail.toLowerCase();
  const found = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (!found) throw new AppError("not_found", "audit_email_unknown", { field: "actorEmail", params: { email } });
  return found.id;
}

/** The case's own events and those of its files, routings, plans and document requests (each on the entity index). */
async function caseEvents(submissionId: string): Promise<Prisma.AuditEventWhereInput> {
  const [files, routings, plans, requests] = await Promise.all([
    db().submissionFile.findMany({ where: { submissionId }, select: { id: true } }),
    db().caseRouting.findMany({ where: { submissionId }, select: { id: true } }),
    db().treatmentPlan.findMany({ where: { submissionId }, select: { id: true } }),
    db().documentRequest.findMany({ where: { submissionId }, select: { id: true } }),
  ]);
  const parts: Record<(typeof CASE_PARTS)[number], { id: string }[]> = {
    file: files,
    case_routing: routings,
    treatment_plan: plans,
    document_request: requests,
  };
  const or: Prisma.AuditEventWhereInput[] = [{ entityType: "submission", entityId: submissionId }];
  for (const type of CASE_PARTS) if (parts[type].length) or.push({ entityType: type, entityId: { in: parts[type].map((part) => part.id) } });
  return { OR: or };
}

async function actorsOf(rows: { actorId: string | null }[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
  const users = ids.length ? await db().user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } }) : [];
  return new Map(users.map((user) => [user.id, user as { id: string; name: string | null; email: string | null }]));
}

interface EntityLabel {
  /** A file's name, a user's e-mail; null when the entity no longer exists. */
  label: string | null;
  trackingNumber: string | null;
  submissionId: string | null;
}

/** What each event is about, in words: the case's tracking number, the file's name (and its case). One query per entity type. */
async function entitiesOf(rows: { entityType: string | null; entityId: string | null }[]): Promise<Map<string, EntityLabel>> {
  const idsOf = (type: string) => [...new Set(rows.filter((row) => row.entityType === type && row.entityId).map((row) => row.entityId as string))];
  const query = <T>(ids: string[], load: (ids: string[]) => Promise<T[]>) => (ids.length ? load(ids) : Promise.resolve([] as T[]));
  const submission = { select: { id: true, trackingNumber: true } } as const;
  const [submissions, files, routings, plans, requests, users] = await Promise.all([
    query(idsOf("submission"), (ids) => db().submission.findMany({ where: { id: { in: ids } }, select: { id: true, trackingNumber: true } })),
    query(idsOf("file"), (ids) => db().submissionFile.findMany({ where: { id: { in: ids } }, select: { id: true, originalName: true, submission } })),
    query(idsOf("case_routing"), (ids) =>
      db().caseRouting.findMany({ where: { id: { in: ids } }, select: { id: true, hospital: { select: { name: true } }, submission } }),
    ),
    query(idsOf("treatment_plan"), (ids) =>
      db().treatmentPlan.findMany({
        where: { id: { in: ids } },
        select: { id: true, routing: { select: { hospital: { select: { name: true } } } }, submission },
      }),
    ),
    query(idsOf("document_request"), (ids) => db().documentRequest.findMany({ where: { id: { in: ids } }, select: { id: true, submission } })),
    query(idsOf("user"), (ids) => db().user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } })),
  ]);
  const labels = new Map<string, EntityLabel>();
  const ofCase = (id: string, type: string, label: string | null, ofSubmission: { id: string; trackingNumber: string }) =>
    labels.set(`${type}:${id}`, { label, trackingNumber: ofSubmission.trackingNumber, submissionId: ofSubmission.id });
  for (const row of submissions) ofCase(row.id, "submission", null, row);
  for (const row of files) ofCase(row.id, "file", row.originalName, row.submission);
  for (const row of routings) ofCase(row.id, "case_routing", row.hospital.name, row.submission);
  for (const row of plans) ofCase(row.id, "treatment_plan", row.routing.hospital.name, row.submission);
  for (const row of requests) ofCase(row.id, "document_request", null, row.submission);
  for (const row of users) labels.set(`user:${row.id}`, { label: row.email, trackingNumber: null, submissionId: null });
  return labels;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/OPR\/(\d+)/, "Opera"],
  [/SamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/Firefox\/(\d+)/, "Firefox"],
  [/FxiOS\/(\d+)/, "Firefox"],
  [/CriOS\/(\d+)/, "Chrome"],
  [/Chrome\/(\d+)/, "Chrome"],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/, "Safari"],
  [/^curl\/([\d.]+)/, "curl"],
  [/^node(?:-fetch)?\b|undici/i, "Node.js"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, "Windows"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** "Chrome 131 on Windows" from a long User-Agent header; the first 40 characters when we do not know it. */
export function shortUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent));
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return userAgent.length > 40 ? `${userAgent.slice(0, 39)}…` : userAgent;
  const version = userAgent.match(browser[0])?.[1];
  const name = version ? `${browser[1]} ${version}` : browser[1];
  return system ? `${name} on ${system}` : name;
}
