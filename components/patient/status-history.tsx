"use client";

import { useFormatter, useTranslations } from "next-intl";
import { statusText, type HistoryEntry } from "@/lib/contracts/submissions";

/** A case's status changes, oldest first, each with its date and the coordinator's note for the patient. */
export function StatusHistory({ history, className }: { history: HistoryEntry[]; className?: string }) {
  const tst = useTranslations("statuses");
  const format = useFormatter();
  return (
    <ol className={className} data-testid="status-history">
      {history.map((entry) => (
        <li key={entry.at + entry.status}>
          <span className="font-medium">{tst.has(entry.status) ? tst(entry.status) : statusText(entry.status)}</span> ·{" "}
          {format.dateTime(new Date(entry.at), { dateStyle: "medium", timeStyle: "short" })}
          {entry.note && (
            <p className="whitespace-pre-line text-muted-foreground" data-testid="history-note">
              {entry.note}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

export interface MatchedHospital {
  name: string;
  city: string;
  country: string;
  declined: boolean;
}

/** The hospitals that declined the case, apart from those still matched (the patient is not shown why). */
export function splitMatched<T extends MatchedHospital>(hospitals: T[]): { matched: T[]; declined: T[] } {
  return { matched: hospitals.filter((hospital) => !hospital.declined), declined: hospitals.filter((hospital) => hospital.declined) };
}
