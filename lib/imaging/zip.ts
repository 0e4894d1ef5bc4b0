import "server-only";
import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import { caseReadableBy } from "@/lib/access/cases";
import { fileReadableBy } from "@/lib/access/files";
import { db } from "@/lib/db";
import { getStore } from "@/lib/storage";
import { naturalCompare } from "@/lib/utils";
import { buildDicomdir, fileSetComponent } from "./dicomdir";
import { readableStudyFiles, type Viewer } from "./read";
import { pullStream } from "./web-stream";

/*
 * Downloads for the hospital: a study as one zip (its original files under DICOM/Sxxx/Ixxxx and a
 * DICOMDIR that references them, as on a CD), and all of a case's other files. Files are piped from
 * the store one after another as the client reads, never held whole; each download is audited
 * before any byte is sent.
 */

interface Entry {
  path: string;
  storageKey: string;
}

function zipStream(entries: Entry[], buffers: { path: string; data: Buffer }[]): ReadableStream<Uint8Array> {
  const now = new Date();
  const zip = new ZipFile();
  const store = getStore();
  for (const buffer of buffers) zip.addBuffer(buffer.data, buffer.path, { mtime: now });
  for (const entry of entries)
    zip.addReadStreamLazy(entry.path, { mtime: now }, (callback) => {
      store.get(entry.storageKey).then(
        (stream) => callback(null, stream as Readable),
        (error: Error) => callback(error, undefined as unknown as Readable),
      );
    });
  zip.end();
  const output = zip.outputStream as Readable;
  zip.on("error", (error: Error) => output.destroy(error));
  return pullStream(output);
}

/** A name safe as a file name in any system: letters, digits, dashes. */
const slug = (value: string | null | undefined) =>
  (value ?? "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);

/** GET /api/imaging/studies/{id}/zip. */
export async function studyZip(rawStudyId: string, viewer: Viewer, actor: AuditActor): Promise<{ body: ReadableStream<Uint8Array>; fileName: string }> {
  const study = await readableStudyFiles(rawStudyId, viewer);
  const entries: Entry[] = [];
  const seriesWidth = Math.max(3, String(study.series.length).length);
  const dicomdirSeries = study.series.map((series, seriesIndex) => {
    const seriesFolder = fileSetComponent("S", seriesIndex + 1, seriesWidth);
    const width = Math.max(4, String(series.instances.length).length);
    return {
      seriesInstanceUid: series.seriesInstanceUid,
      seriesNumber: series.seriesNumber,
      modality: series.modality,
      instances: series.instances.map((instance, index) => {
        const fileId = ["DICOM", seriesFolder, fileSetComponent("I", index + 1, width)];
        entries.push({ path: fileId.join("/"), storageKey: instance.file.storageKey! });
        return {
          fileId,
          sopInstanceUid: instance.sopInstanceUid,
          sopClassUid: instance.sopClassUid,
          transferSyntaxUid: instance.transferSyntaxUid,
          instanceNumber: instance.instanceNumber,
        };
      }),
    };
  });
  const dicomdir = buildDicomdir({ ...study, series: dicomdirSeries });
  await audit(db(), actor, {
    action: "imaging.study_downloaded",
    entityType: "imaging_study",
    entityId: study.id,
    metadata: { submissionId: study.submissionId, instances: entries.length },
  });
  const fileName = ["study", study.studyDate ?? "", slug(study.description)].filter(Boolean).join("-") + ".zip";
  return { body: zipStream(entries, [{ path: "DICOMDIR", data: dicomdir }]), fileName };
}

/** One path segment a zip tool extracts where we meant: no separators, no dot-dot, no control characters. */
function safeSegment(name: string): string {
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\:]/g, "_").trim();
  return cleaned === "" || /^\.+$/.test(cleaned) ? "_" : cleaned;
}

function uniquePath(path: string, used: Set<string>): string {
  let candidate = path;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) {
    const dot = path.lastIndexOf(".");
    candidate = dot > 0 ? `${path.slice(0, dot)} (${n})${path.slice(dot)}` : `${path} (${n})`;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * GET /api/cases/{id}/files/zip: the case's files the viewer may open, except its imaging instances
 * (each study has its own zip), under their names in natural order.
 */
export async function caseFilesZip(rawCaseId: string, viewer: Viewer, actor: AuditActor): Promise<{ body: ReadableStream<Uint8Array>; fileName: string }> {
  const id = z.uuid().safeParse(rawCaseId);
  const submission = caseReadableBy(viewer.user, viewer.trackedSubmissionId);
  const readable = fileReadableBy(viewer.user, viewer.trackedSubmissionId);
  if (!id.success || !submission || !readable) throw new AppError("not_found", "submission_not_found");
  const found = await db().submission.findFirst({ where: { id: id.data, ...submission }, select: { id: true, trackingNumber: true } });
  if (!found) throw new AppError("not_found", "submission_not_found");
  const files = await db().submissionFile.findMany({
    where: { ...readable, submissionId: found.id, imagingInstance: { is: null } },
    select: { id: true, originalName: true, storageKey: true },
  });
  if (files.length === 0) throw new AppError("not_found", "file_not_found");
  files.sort((a, b) => naturalCompare(a.originalName, b.originalName));
  const used = new Set<string>();
  const entries = files.map((file) => ({ path: uniquePath(safeSegment(file.originalName), used), storageKey: file.storageKey! }));
  await audit(db(), actor, { action: "case.files_downloaded", entityType: "submission", entityId: found.id, metadata: { files: files.length } });
  return { body: zipStream(entries, []), fileName: `${found.trackingNumber}-files.zip` };
}
