"use client";

import { useTranslations } from "next-intl";
import type { PatientCaseView } from "@/lib/contracts/submissions";

/** "One hospital is late, we have asked another" (issue 21): the patient is not left in silence when a deadline passes. */
export function LateNotice({ notice }: { notice: PatientCaseView["lateNotice"] }) {
  const t = useTranslations("plans");
  if (!notice) return null;
  return (
    <p role="status" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900" data-testid="late-notice">
      {notice === "rerouted" ? t("lateRerouted") : t("lateAsking")}
    </p>
  );
}
