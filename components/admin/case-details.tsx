"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { AdminSubmission } from "@/lib/contracts/cases";
import { useSpecialtyName } from "./submission-badges";

/** Everything the patient sent with a case (the fields of the admin's case card and the rest of the submission). */
export function CaseDetails({ submission }: { submission: AdminSubmission }) {
  const t = useTranslations("admin");
  const format = useFormatter();
  const specialty = useSpecialtyName();
  const none = t("notProvided");
  const rows: [string, string][] = [
    [t("submissionTitle"), submission.title ?? none],
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
    <div className="space-y-4 text-sm">
      <dl className="grid gap-3 sm:grid-cols-2">
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
    </div>
  );
}
