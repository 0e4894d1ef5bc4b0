import "server-only";
import { runFileRetention } from "@/lib/privacy/file-retention";
import { runRetention } from "@/lib/transcriptions/retention";
import { rescanPendingFiles } from "@/lib/security/scan";
import { sweepOrphanedUploads } from "@/lib/uploads/orphan-sweep";
import { verifyStoredFiles } from "@/lib/security/integrity";
import { indexUnindexedDicom } from "@/lib/imaging/index-instance";
import { runResponseClocks } from "@/lib/cases/response-clocks";
import { computeHospitalResponseTimes } from "@/lib/partners/response-times";

/**
 * The app's scheduled maintenance jobs. The transcription worker (lib/transcriptions/jobs.ts) runs
 * them on pg-boss's scheduler, which fires each at most once per period across all app instances,
 * and once at each worker start. Each `run` must be safe to repeat and to run beside another.
 */
export interface ScheduledJob {
  /** The pg-boss queue name. */
  name: string;
  /** Cron, in UTC. */
  cron: string;
  /** Called with no arguments (each task's defaults apply). */
  run: () => Promise<unknown>;
}

export const scheduledJobs: ScheduledJob[] = [
  { name: "malware_rescan", cron: "*/10 * * * *", run: rescanPendingFiles },
  { name: "orphan_upload_sweep", cron: "20 * * * *", run: sweepOrphanedUploads },
  { name: "file_integrity", cron: "15 2 * * *", run: verifyStoredFiles },
  { name: "transcription_retention", cron: "30 3 * * *", run: runRetention },
  { name: "submission_file_retention", cron: "45 3 * * *", run: runFileRetention },
  // DICOM files kept from before imaging was indexed (and any whose indexing failed when they arrived).
  { name: "imaging_index", cron: "40 * * * *", run: () => indexUnindexedDicom() },
  // The 72-hour clocks (issue 21): reminders 24 h and 8 h before a hospital's deadline, overdue alerts at it.
  { name: "response_clocks", cron: "*/5 * * * *", run: () => runResponseClocks() },
  // Each hospital's median time to a plan over 90 days, for patients (issue 21).
  { name: "hospital_response_times", cron: "10 1 * * *", run: () => computeHospitalResponseTimes() },
];
