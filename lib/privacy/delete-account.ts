import "server-only";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { getStore } from "@/lib/storage";
import { deleteTranscription } from "@/lib/transcriptions/erase";
import { ownedInquiries, ownedSubmissions, ownedTranscriptions } from "@/lib/access/account";

export interface DeletionSummary {
  submissions: number;
  inquiries: number;
  files: number;
  transcriptions: number;
  auditRowsAnonymized: number;
}

/**
 * The right to erasure: deletes the stored files of the user's submissions, then in one transaction
 * their submissions (with everything that cascades from them), inquiries, notifications, consents, sessions,
 * accounts and the user row. Audit rows are kept as evidence but stripped of personal data (address,
 * browser, names and e-mails in metadata); their actorId stays as an opaque id.
 * Bytes go before rows: if anything fails half-way the account still exists and the user can retry
 * (store deletes are idempotent), rather than leaving bytes nobody points to.
 */
export async function deleteAccount(userId: string, confirmEmail: string): Promise<DeletionSummary> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, emailVerified: true, name: true, username: true, role: true },
  });
  if (!user) throw new AppError("not_found", "account_not_found");
  if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) throw new AppError("bad_request", "delete_email_mismatch", { field: "email" });
  if (user.role === "admin") await assertNotLastAdmin(db(), userId);

  // Guest cases under a verified address count as theirs (lib/access/account.ts says why only verified ones).
  const submissions = await db().submission.findMany({
    where: ownedSubmissions(user),
    select: {
      id: true,
      patientName: true,
      email: true,
      phone: true,
      consentFullName: true,
      consentEmail: true,
      files: { select: { id: true, storageKey: true } },
    },
  });
  const inquiryRows = await db().inquiry.findMany({ where: ownedInquiries(user), select: { id: true, name: true, email: true, phone: true } });
  const files = submissions.flatMap((submission) => submission.files);
  const store = getStore();
  for (const file of files) if (file.storageKey) await store.delete(file.storageKey);

  const actor: AuditActor = { id: userId, role: user.role };
  const transcriptions = await db().transcription.findMany({ where: ownedTranscriptions({ id: userId }), select: { id: true } });
  for (const { id } of transcriptions)
    await deleteTranscription(id, actor).catch((error) => {
      if (!(error instanceof AppError && error.kind === "not_found")) throw error; // deleted meanwhile
    });

  const personal = [
    user.email,
    user.name,
    user.username,
    ...submissions.flatMap((s) => [s.patientName, s.email, s.phone, s.consentFullName, s.consentEmail]),
    ...inquiryRows.flatMap((i) => [i.name, i.email, i.phone]),
  ]
    .filter((value): value is string => !!value && value.trim().length > 1)
    .map((value) => value.trim());
  const aboutIds = [userId, ...submissions.map((s) => s.id), ...files.map((f) => f.id), ...inquiryRows.map((i) => i.id)];

  return db().$transaction(async (tx) => {
    if (user.role === "admin") await assertNotLastAdmin(tx, userId);
    const submissionIds = submissions.map((s) => s.id);
    await tx.consentRecord.deleteMany({ where: { OR: [{ userId }, { submissionId: { in: submissionIds } }] } });
    await tx.notification.deleteMany({ where: { userId } });
    // Files, history, routings, plans, requests, tracking codes cascade. By userId as well, for a case sent meanwhile.
    const deleted = await tx.submission.deleteMany({ where: { OR: [{ userId }, { id: { in: submissionIds } }] } });
    const inquiries = await tx.inquiry.deleteMany({ where: { OR: [ownedInquiries(user), { id: { in: inquiryRows.map((i) => i.id) } }] } });
    await tx.partnerInvitation.deleteMany({ where: { OR: [{ acceptedUserId: userId }, { email: { equals: user.email, mode: "insensitive" } }] } });
    // Pending password-reset and other tokens: Better Auth stores the user id as their value.
    await tx.verification.deleteMany({ where: { OR: [{ value: userId }, { identifier: { equals: user.email, mode: "insensitive" } }] } });
    await tx.usedTotpCode.deleteMany({ where: { userId } });
    await tx.user.delete({ where: { id: userId } }); // sessions, accounts, two-factor rows cascade

    // Rows about them: by them, about their account, cases or files, or naming their e-mail as a whole
    // address. The text search only narrows the candidates: "bob@x.com" is inside "notbob@x.com".
    const pattern = `%${user.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const candidates = await tx.$queryRaw<
      { id: string; metadata: Prisma.JsonValue }[]
    >`SELECT id, metadata FROM "AuditEvent" WHERE metadata::text ILIKE ${pattern}`;
    const mentioning = candidates.filter((row) => mentionsAny(row.metadata, [user.email]));
    const rows = await tx.auditEvent.findMany({
      where: { OR: [{ actorId: userId }, { entityId: { in: aboutIds } }, { id: { in: mentioning.map((row) => row.id) } }] },
      select: { id: true, metadata: true },
    });
    await tx.auditEvent.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { ipAddress: null, userAgent: null } });
    for (const row of rows) {
      const metadata = scrub(row.metadata, personal);
      if (metadata !== null && JSON.stringify(metadata) !== JSON.stringify(row.metadata))
        await tx.auditEvent.update({ where: { id: row.id }, data: { metadata } });
    }

    const summary: DeletionSummary = {
      submissions: deleted.count,
      inquiries: inquiries.count,
      files: files.length,
      transcriptions: transcriptions.length,
      auditRowsAnonymized: rows.length,
    };
    await audit(tx, actor, { action: "account.delete", entityType: "user", entityId: userId, metadata: { ...summary } });
    return summary;
  });
}

type AdminCounter = Pick<Prisma.TransactionClient, "$queryRaw">;

/** 409 when no other admin would be left. Locks the admin rows so two admins cannot both leave at once. */
async function assertNotLastAdmin(client: AdminCounter, userId: string): Promise<void> {
  const admins = await client.$queryRaw<{ id: string }[]>`SELECT id FROM "user" WHERE role = 'admin' AND (banned IS NULL OR banned = false) FOR UPDATE`;
  if (!admins.some((admin) => admin.id !== userId)) throw new AppError("conflict", "last_admin");
}

const PERSONAL_KEY = /e-?mail|name|phone|address|ip$|useragent/i;

/** Metadata without personal fields, and any other string naming the person replaced. */
function scrub(value: Prisma.JsonValue, personal: string[]): Prisma.InputJsonValue | null {
  if (value === null) return null;
  if (typeof value === "string") return personal.some((p) => mentions(value, p)) ? "[erased]" : value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, personal));
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !PERSONAL_KEY.test(key))
        .map(([key, item]) => [key, scrub(item ?? null, personal)]),
    ) as Prisma.InputJsonValue;
  }
  return value;
}

/**
 * Whether `text` names `value` as a whole: the address "bob@x.com" is not in "notbob@x.com", nor the
 * name "Al" in "Alice". For an address, no character an address may hold touches it (a full stop may
 * end the sentence after it); for a name or phone number, no letter or digit.
 */
function mentions(text: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const touching = value.includes("@") ? "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~@.-]" : "[\\p{L}\\p{N}]";
  const after = value.includes("@") ? "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~@-]|\\.[\\p{L}\\p{N}]" : touching;
  return new RegExp(`(?<!${touching})${escaped}(?!${after})`, "iu").test(text);
}

function mentionsAny(value: Prisma.JsonValue, personal: string[]): boolean {
  if (typeof value === "string") return personal.some((p) => mentions(value, p));
  if (Array.isArray(value)) return value.some((item) => mentionsAny(item, personal));
  if (value && typeof value === "object") return Object.values(value).some((item) => mentionsAny(item ?? null, personal));
  return false;
}
