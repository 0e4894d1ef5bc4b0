"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { AdminSubmission } from "@/lib/admin/submissions";
import { statusText } from "@/lib/submissions/status";
import type { FileView } from "@/lib/submissions/queries";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { AdminFileList } from "./admin-file-list";
import { SubmissionBadges, useSpecialtyName } from "./submission-badges";

/** 'View Details': everything about the selected submission, and its status history. */
export function SubmissionDetailsDialog({ submission, onClose, onPreview }: { submission: AdminSubmission | null; onClose: () => void; onPreview: (file: FileView) => void }) {
  const t = useTranslations("admin");
  const tc = useTranslations("common");
  const format = useFormatter();
  const specialty = useSpecialtyName();
  if (!submission) return null;
  const none = t("notProvided");
  const rows: [string, string][] = [
    [t("submissionTitle"), submission.title ?? none],
    [t("trackingNumber"), submission.trackingNumber],
    [t("email"), submission.userEmail ?? submission.email],
    [t("phone"), submission.phone ?? none],
    [t("country"), submission.country ?? none],
    [t("homeCountry"), submission.homeCountry],
    [t("specialty"), specialty(submission.specialty)],
    [t("medicalCondition"), submission.medicalCondition ?? none],
    [t("budget"), submission.budget ?? none],
    [t("preferredCountries"), submission.preferredCountries.join(", ") || none],
    [t("consentEmail"), submission.consentEmail],
    [t("consentDate"), submission.consentDate],
    [t("created"), format.dateTime(new Date(submission.createdAt), { dateStyle: "medium", timeStyle: "short" })],
  ];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={tc("close")} className="max-h-[90vh] sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t("detailsTitle", { trackingNumber: submission.trackingNumber })}</DialogTitle>
          <DialogDescription>{t("detailsDescription")}</DialogDescription>
        </DialogHeader>
        <div className="space-y-4 text-sm">
          <p className="text-lg font-semibold">{submission.patientName}</p>
          <SubmissionBadges submission={submission} />
          <dl className="grid gap-2 sm:grid-cols-2">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="font-medium">{label}</dt>
                <dd className="break-words text-muted-foreground">{value}</dd>
              </div>
            ))}
          </dl>
          <p>{submission.consent ? t("consentProvided", { name: submission.consentFullName }) : t("noConsent")}</p>
          {submission.message && (
            <div>
              <h3 className="font-medium">{t("message")}</h3>
              <p className="whitespace-pre-wrap text-muted-foreground">{submission.message}</p>
            </div>
          )}
          <div className="space-y-2">
            <h3 className="font-medium">{t("files")}</h3>
            <AdminFileList files={submission.files} onPreview={onPreview} />
          </div>
          <div>
            <h3 className="font-medium">{t("history")}</h3>
            <ol className="list-disc ps-5 text-muted-foreground">
              {submission.history.map((change) => (
                <li key={change.at + change.to}>
                  {t("historyEntry", { date: format.dateTime(new Date(change.at), { dateStyle: "medium", timeStyle: "short" }), status: statusText(change.to).toUpperCase() })}
                  {change.note ? ` (${change.note})` : ""}
                </li>
              ))}
            </ol>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
