"use client";

import { useTranslations } from "next-intl";
import type { OwnSubmission } from "@/lib/contracts/submissions";
import { useFilesArrived } from "@/client/queries/submissions";
import { useErrorText } from "@/client/errors";
import { FileName } from "@/components/files/file-name";
import { ContinueUploads } from "@/components/uploads/continue-uploads";

/**
 * The files of a case that have not arrived: those still on their way can be continued (the patient
 * picks them again); those refused or expired are named, to be added again.
 */
export function MissingFiles({ submission }: { submission: OwnSubmission }) {
  const t = useTranslations("uploads");
  const errorText = useErrorText();
  const arrived = useFilesArrived();
  const waiting = submission.missingFiles.filter((file) => file.state === "waiting");
  const lost = submission.missingFiles.filter((file) => file.state !== "waiting");
  if (submission.missingFiles.length === 0) return null;
  return (
    <div className="space-y-3" data-testid="missing-files">
      {waiting.length > 0 && (
        <ContinueUploads
          pending={{
            submissionId: submission.id,
            trackingNumber: submission.trackingNumber,
            files: waiting.map((file) => ({ uploadId: file.id, name: file.name, size: file.size })),
          }}
          onArrived={() => void arrived()}
        />
      )}
      {lost.length > 0 && (
        <div className="space-y-1 text-sm">
          <p className="font-medium">{t("didNotArrive")}</p>
          <ul className="space-y-1">
            {lost.map((file) => (
              <li key={file.id} className="flex min-w-0 items-center gap-2 text-destructive">
                <FileName name={file.name} className="min-w-0 flex-1" />
                <span className="shrink-0">{errorText(file.state === "expired" ? "upload_expired" : "file_type_refused", { name: file.name })}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
