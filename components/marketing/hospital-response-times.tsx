"use client";

import { useEffect, useState } from "react";
import { parseHospitalResponseTimes, type HospitalResponseTimes } from "@/lib/contracts/response-times";

/**
 * Each hospital's median time to a treatment plan (issue 21), read from /api/hospitals/response-times
 * so the page itself stays static. The texts come from the server page (marketing pages send no
 * translation runtime): `median` holds "{hours}" for the figure. A plain fetch, not apiFetch: that one
 * brings zod with it (the error contract), too much script for a marketing page.
 */
export function HospitalResponseTimeList({ labels }: { labels: { median: string; newPartner: string; loading: string; failed: string } }) {
  const [state, setState] = useState<HospitalResponseTimes | "loading" | "failed">("loading");
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/hospitals/response-times", { signal: controller.signal })
      .then(async (response) => (response.ok ? parseHospitalResponseTimes(await response.json()) : null))
      .then(
        (times) => setState(times ?? "failed"),
        () => {
          if (!controller.signal.aborted) setState("failed");
        },
      );
    return () => controller.abort();
  }, []);
  if (state === "loading")
    return (
      // The page starts its scripts to fetch the figures as soon as this nears the view (scripts/static-page-hashes.mjs).
      <p className="text-sm text-muted-foreground" data-needs-scripts="">
        {labels.loading}
      </p>
    );
  if (state === "failed") return <p className="text-sm text-muted-foreground">{labels.failed}</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="hospital-response-times">
      {state.hospitals.map((hospital) => (
        <li key={hospital.hospitalId} className="flex flex-col rounded-md border bg-card p-3 text-sm">
          <span className="font-medium">{hospital.name}</span>
          <span className="text-muted-foreground">
            {hospital.medianHours === null ? labels.newPartner : labels.median.replace("{hours}", String(hospital.medianHours))}
          </span>
        </li>
      ))}
    </ul>
  );
}
