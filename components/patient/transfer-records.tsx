"use client";

import { useFormatter, useTranslations } from "next-intl";

export interface TransferRecord {
  name: string;
  destinationCountry: string;
  transferBasis: string;
  routedAt: string;
}

/** Where the patient's records went abroad, when, and on what legal basis (NDPA 2023, GDPR art. 49). */
export function TransferRecords({ hospitals, className }: { hospitals: TransferRecord[]; className?: string }) {
  const t = useTranslations("plans");
  const format = useFormatter();
  if (hospitals.length === 0) return null;
  return (
    <ul className={className} data-testid="transfer-records">
      {hospitals.map((hospital) => (
        <li key={`${hospital.name}-${hospital.routedAt}`}>
          {t("transferRecord", {
            hospital: hospital.name,
            country: hospital.destinationCountry,
            date: format.dateTime(new Date(hospital.routedAt), { dateStyle: "medium" }),
            basis: t.has(`transferBasis.${hospital.transferBasis}`) ? t(`transferBasis.${hospital.transferBasis}`) : hospital.transferBasis,
          })}
        </li>
      ))}
    </ul>
  );
}
