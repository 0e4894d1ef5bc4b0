import "server-only";
import { decodeCursor, encodeCursor, rowsAfter } from "@/lib/api/keyset-cursor";
import { db } from "@/lib/db";
import { likeLiteral } from "@/lib/db/like";
import type { Prisma } from "@/lib/db/generated/client";
import { endedStatuses, isCaseEnded, type AdminListQuery, type AdminSubmission, type AdminSubmissionPage, type AdminTab } from "@/lib/contracts/cases";
import type { SubmissionStatus } from "@/lib/db/generated/enums";
import { fileSelect, toFileView } from "@/lib/submissions/queries";

/**
 * A hospital that has not answered within its 72 hours while the case still waits for it: the
 * routing awaits an answer and its due time has passed, and the case has not ended (lib/contracts/cases:
 * once a plan is accepted or the case is closed or cancelled, an unanswered routing reads "withdrawn").
 */
export function isOverdue(routing: { status: string; dueAt: Date }, caseStatus: SubmissionStatus, now: Date): boolean {
  return routing.status === "awaiting_response" && !isCaseEnded(caseStatus) && now.getTime() > routing.dueAt.getTime();
}

/** isOverdue as a query: found through the routings' (status, dueAt) index. */
function overdueWhere(now: Date): Prisma.SubmissionWhereInput {
  return { status: { notIn: [...endedStatuses] }, routings: { some: { status: "awaiting_response", dueAt: { lt: now } } } };
}

const tabWhere: Record<AdminTab, Prisma.SubmissionWhereInput | null> = {
  all: null,
  urgent: { urgency: "urgent" },
  registered: { source: "authenticated" },
  files: { hasFiles: true },
};

const and = (...parts: (Prisma.SubmissionWhereInput | null | undefined)[]): Prisma.SubmissionWhereInput => {
  const present = parts.filter((part): part is Prisma.SubmissionWhereInput => !!part && Object.keys(part).length > 0);
  return present.length === 1 ? present[0] : { AND: present };
};

/** Search and filters, without the overdue filter (which the Overdue count leaves out). */
async function filterWhere(query: AdminListQuery): Promise<Prisma.SubmissionWhereInput> {
  const where: Prisma.SubmissionWhereInput = {};
  if (query.status) where.status = query.status;
  if (query.urgency) where.urgency = query.urgency;
  if (query.specialty) where.specialty = query.specialty;
  if (query.source) where.source = query.source;
  if (query.hasFiles !== undefined) where.hasFiles = query.hasFiles;
  if (query.q) {
    const q = likeLiteral(query.q);
    where.OR = [
      // Tracking numbers are stored upper-case: a prefix in any case finds them (trigram index).
      { trackingNumber: { startsWith: q.toUpperCase() } },
      { patientName: { contains: q, mode: "insensitive" } },
      { email: { contains: q, mode: "insensitive" } },
      // Looked up first (not joined), so that every branch of the OR can use its own index.
      { userId: { in: await accountsWithEmailLike(q) } },
    ];
  }
  return where;
}

/** `q` is already a literal LIKE fragment (likeLiteral). */
async function accountsWithEmailLike(q: string): Promise<string[]> {
  const users = await db().user.findMany({ where: { email: { contains: q, mode: "insensitive" } }, select: { id: true }, take: 100 });
  return users.map((user) => user.id);
}

/**
 * What the admin view reads with each submission. Prisma loads each relation with one `IN (...)`
 * query for the whole page, so a page costs a fixed number of queries (no N+1).
 */
export const adminSubmissionInclude = {
  user: { select: { email: true } },
  files: { select: fileSelect, orderBy: { createdAt: "asc" } },
  routings: { select: { status: true, dueAt: true } },
} satisfies Prisma.SubmissionInclude;

/**
 * The admin view of all submissions, newest first, one page at a time (keyset on the
 * (createdAt, id) index), for one tab, with the tab counts for the same search and filters.
 */
export async function listAdminSubmissions(query: AdminListQuery, now = new Date()): Promise<AdminSubmissionPage> {
  const filters = await filterWhere(query);
  const overdue = overdueWhere(now);
  const where = query.overdue === undefined ? filters : and(filters, query.overdue ? overdue : { NOT: overdue });
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const page = and(where, tabWhere[query.tab], after && rowsAfter(after));
  const [rows, counts] = await Promise.all([
    db().submission.findMany({
      where: page,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
      include: adminSubmissionInclude,
    }),
    // The tabs' counts belong to the first page; following pages keep them (and skip the cost).
    after ? null : tabCounts(where, query.overdue === true ? null : and(filters, overdue)),
  ]);
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit);
  return {
    items: items.map((row) => toAdminView(row, now)),
    nextCursor: more ? encodeCursor(items[items.length - 1]) : null,
    counts,
  };
}

/**
 * All, Urgent, Registered and With Files in one grouped query (from the (urgency, source, hasFiles)
 * index when unfiltered); Overdue for the same search and filters whatever the overdue filter says
 * (`overdueWhere`; null when the list is already only the overdue cases: then it is the total).
 */
async function tabCounts(where: Prisma.SubmissionWhereInput, overdueWhere: Prisma.SubmissionWhereInput | null) {
  const [groups, overdueCount] = await Promise.all([
    db().submission.groupBy({ by: ["urgency", "source", "hasFiles"], where, _count: { _all: true } }),
    overdueWhere ? db().submission.count({ where: overdueWhere }) : null,
  ]);
  const sum = (keep: (group: (typeof groups)[number]) => boolean) => groups.filter(keep).reduce((total, group) => total + group._count._all, 0);
  return {
    total: sum(() => true),
    urgent: sum((group) => group.urgency === "urgent"),
    registered: sum((group) => group.source === "authenticated"),
    withFiles: sum((group) => group.hasFiles),
    overdue: overdueCount ?? sum(() => true),
  };
}

type Row = Prisma.SubmissionGetPayload<{ include: typeof adminSubmissionInclude }>;

/** The admin view of one submission; `now` decides which routings are overdue. */
export function toAdminView(row: Row, now = new Date()): AdminSubmission {
  const overdue = row.routings.filter((routing) => isOverdue(routing, row.status, now)).length;
  return {
    id: row.id,
    source: row.source,
    title: row.title,
    patientName: row.patientName,
    email: row.email,
    userEmail: row.user?.email ?? null,
    phone: row.phone,
    country: row.country,
    homeCountry: row.homeCountry,
    trackingNumber: row.trackingNumber,
    specialty: row.specialty,
    urgency: row.urgency,
    status: row.status,
    medicalCondition: row.medicalCondition,
    budget: row.budget,
    preferredCountries: row.preferredCountries,
    message: row.message,
    consent: row.consent,
    consentFullName: row.consentFullName,
    consentEmail: row.consentEmail,
    consentDate: row.consentDate.toISOString().slice(0, 10),
    createdAt: row.createdAt.toISOString(),
    files: row.files.map(toFileView),
    routing: { hospitals: row.routings.length, overdue },
  };
}
