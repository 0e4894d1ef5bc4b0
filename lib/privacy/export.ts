import "server-only";
import type { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { RateRule } from "@/lib/api/rate-limit";
import { audit, type AuditActor } from "@/lib/audit";
import { db } from "@/lib/db";
import { getStore } from "@/lib/storage";
import { pullStream } from "@/lib/storage/web-stream";
import { ownedInquiries, ownedSubmissions, ownedTranscriptions } from "@/lib/access/account";

/** GDPR-style access right: a few archives an hour is plenty for a person, and bounds the cost of abuse. */
export const EXPORT_RATE_RULE: RateRule = { name: "account-export", max: 5, windowSeconds: 3600 };

interface ArchivedFile {
  storageKey: string;
  path: string;
}

/** Everything we hold about one account, as data.json shows it, plus the stored files to put beside it. */
export async function collectAccountData(userId: string, now = new Date()) {
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, name: true, email: true, emailVerified: true, username: true, role: true, createdAt: true, twoFactorEnabled: true },
  });
  const [submissions, inquiries, transcriptions, notifications, consents, auditEvents] = await Promise.all([
    db().submission.findMany({
      where: ownedSubmissions(user),
      orderBy: { createdAt: "asc" },
      omit: { userId: true, idempotencyKey: true, hasFiles: true },
      include: {
        files: { orderBy: { createdAt: "asc" } },
        statusChanges: { orderBy: { createdAt: "asc" }, select: { fromStatus: true, toStatus: true, note: true, createdAt: true } },
        routings: {
          orderBy: { routedAt: "asc" },
          select: {
            routedAt: true,
            status: true,
            destinationCountry: true,
            transferBasis: true,
            hospital: { select: { name: true, city: true, country: true } },
          },
        },
        plans: {
          orderBy: { createdAt: "asc" },
          select: {
            diagnosisSummary: true,
            proposedTreatment: true,
            included: true,
            lengthOfStayDays: true,
            priceMin: true,
            priceMax: true,
            currency: true,
            validUntil: true,
            leadDoctor: true,
            message: true,
            status: true,
            decidedAt: true,
            appointmentAt: true,
            appointmentNote: true,
            createdAt: true,
            routing: { select: { hospital: { select: { name: true } } } },
          },
        },
        documentRequests: { orderBy: { createdAt: "asc" }, select: { message: true, createdAt: true, fulfilledAt: true } },
      },
    }),
    db().inquiry.findMany({ where: ownedInquiries(user), orderBy: { createdAt: "asc" }, omit: { userId: true } }),
    // Metadata only: a transcript and its source file are a patient's health data, not the uploading
    // staff member's personal data, so they stay out of the staff member's export (see notes below).
    db().transcription.findMany({
      where: ownedTranscriptions({ id: userId }),
      orderBy: { createdAt: "asc" },
      select: {
        id: true,
        title: true,
        meetingType: true,
        status: true,
        createdAt: true,
        updatedAt: true,
        completedAt: true,
        fileDeletedAt: true,
        consents: { where: { userId }, orderBy: { createdAt: "asc" }, select: { consentType: true, granted: true, version: true, createdAt: true } },
      },
    }),
    db().notification.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { type: true, params: true, actionUrl: true, readAt: true, createdAt: true },
    }),
    db().consentRecord.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { consentType: true, granted: true, version: true, ipAddress: true, submissionId: true, createdAt: true },
    }),
    db().auditEvent.findMany({ where: { actorId: userId }, orderBy: { createdAt: "asc" }, select: { action: true, createdAt: true, ipAddress: true } }),
  ]);

  const store = getStore();
  const archived: ArchivedFile[] = [];
  const data = {
    exportedAt: now.toISOString(),
    notes: {
      submissions: user.emailVerified
        ? "Your cases, including those sent without signing in under your verified e-mail address."
        : "The cases you sent while signed in. Cases sent without signing in are not included, because this account's e-mail address has not been verified; they remain reachable with their tracking number.",
      transcriptions:
        "Transcriptions you uploaded are listed with their metadata and the consents you recorded. Their transcripts and files are not included: they are a patient's health data, not your personal data.",
    },
    account: {
      name: user.name,
      email: user.email,
      username: user.username,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled === true,
    },
    submissions: await Promise.all(
      submissions.map(async ({ files, statusChanges, routings, plans, documentRequests, ...submission }) => {
        const used = new Set<string>();
        const fileEntries = [];
        for (const file of files) {
          // Bytes deleted (retention, quarantine) or missing from the store: listed, not archived.
          const available = file.storageKey !== null && file.scanStatus !== "infected" && (await store.exists(file.storageKey));
          const path = available ? uniquePath(`files/${safeSegment(submission.trackingNumber)}/${safeSegment(file.originalName)}`, used) : null;
          if (available && path) archived.push({ storageKey: file.storageKey!, path });
          fileEntries.push({
            originalName: file.originalName,
            size: Number(file.size),
            mimeType: file.mimeType,
            sha256: file.sha256,
            uploadedAt: file.createdAt.toISOString(),
            inArchive: path,
            deletedAt: file.deletedAt?.toISOString() ?? null,
            note: available
              ? null
              : file.deletedAt
                ? "Deleted (privacy policy or on request); no longer stored."
                : file.scanStatus === "infected"
                  ? "Quarantined: flagged by the malware scan."
                  : "The stored bytes could not be found.",
          });
        }
        return {
          ...submission,
          consentDate: submission.consentDate.toISOString().slice(0, 10),
          createdAt: submission.createdAt.toISOString(),
          updatedAt: submission.updatedAt.toISOString(),
          files: fileEntries,
          statusHistory: statusChanges.map((change) => ({
            from: change.fromStatus,
            to: change.toStatus,
            note: change.note,
            at: change.createdAt.toISOString(),
          })),
          routings: routings.map((routing) => ({
            hospital: routing.hospital.name,
            city: routing.hospital.city,
            country: routing.destinationCountry,
            transferBasis: routing.transferBasis,
            routedAt: routing.routedAt.toISOString(),
            status: routing.status,
          })),
          plans: plans.map(({ routing, ...plan }) => ({
            ...plan,
            hospital: routing.hospital.name,
            validUntil: plan.validUntil.toISOString().slice(0, 10),
            decidedAt: plan.decidedAt?.toISOString() ?? null,
            appointmentAt: plan.appointmentAt?.toISOString() ?? null,
            createdAt: plan.createdAt.toISOString(),
          })),
          documentRequests: documentRequests.map((request) => ({
            message: request.message,
            requestedAt: request.createdAt.toISOString(),
            fulfilledAt: request.fulfilledAt?.toISOString() ?? null,
          })),
        };
      }),
    ),
    inquiries: inquiries.map((inquiry) => ({ ...inquiry, createdAt: inquiry.createdAt.toISOString() })),
    transcriptions: transcriptions.map((t) => ({
      id: t.id,
      title: t.title,
      meetingType: t.meetingType,
      status: t.status,
      uploadedAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
      completedAt: t.completedAt?.toISOString() ?? null,
      fileDeletedAt: t.fileDeletedAt?.toISOString() ?? null,
      consents: t.consents.map((c) => ({ type: c.consentType, granted: c.granted, version: c.version, at: c.createdAt.toISOString() })),
    })),
    notifications: notifications.map((n) => ({
      type: n.type,
      params: n.params,
      link: n.actionUrl,
      readAt: n.readAt?.toISOString() ?? null,
      createdAt: n.createdAt.toISOString(),
    })),
    consents: consents.map((c) => ({
      type: c.consentType,
      granted: c.granted,
      version: c.version,
      ipAddress: c.ipAddress,
      submissionId: c.submissionId,
      at: c.createdAt.toISOString(),
    })),
    activity: auditEvents.map((event) => ({ action: event.action, at: event.createdAt.toISOString(), ipAddress: event.ipAddress })),
  };
  return { data, files: archived };
}

/**
 * The archive of GET /api/account/export: data.json and every stored file of the user's submissions.
 * Files are piped from the store one after another as the client reads, never held whole in memory.
 * The export is audited before any byte is sent.
 */
export async function accountExportArchive(userId: string, actor: AuditActor): Promise<{ body: ReadableStream<Uint8Array>; fileName: string }> {
  const now = new Date();
  const { data, files } = await collectAccountData(userId, now);
  await audit(db(), actor, {
    action: "account.export",
    entityType: "user",
    entityId: userId,
    metadata: { submissions: data.submissions.length, files: files.length },
  });

  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), "data.json", { mtime: now });
  const store = getStore();
  for (const file of files) {
    zip.addReadStreamLazy(file.path, { mtime: now }, (callback) => {
      store.get(file.storageKey).then(
        (stream) => callback(null, stream as Readable),
        (error: Error) => callback(error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  zip.on("error", (error: Error) => output.destroy(error));
  return { body: pullStream(output), fileName: `afyabridge-data-${now.toISOString().slice(0, 10)}.zip` };
}

/** One path segment a zip tool extracts where we meant: no separators, no dot-dot, no control characters. */
function safeSegment(name: string): string {
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\:]/g, "_").trim();
  return cleaned === "" || /^\.+$/.test(cleaned) ? "_" : cleaned;
}

function uniquePath(path: string, used: Set<string>): string {
  let candidate = path;
  for (let n = 2; used.has(candidate); n++) {
    const dot = path.lastIndexOf(".");
    candidate = dot > path.lastIndexOf("/") + 1 ? `${path.slice(0, dot)} (${n})${path.slice(dot)}` : `${path} (${n})`;
  }
  used.add(candidate);
  return candidate;
}
