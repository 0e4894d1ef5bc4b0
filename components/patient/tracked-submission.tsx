"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Link } from "@/components/i18n/link";
import { statusColour, statusText } from "@/lib/contracts/submissions";
import type { TrackedSubmission as Tracked } from "@/lib/contracts/tracking";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CaseFileList } from "@/components/files/case-file-list";
import { LateNotice } from "./late-notice";
import { PlanComparison } from "./plan-comparison";
import { splitMatched, StatusHistory } from "./status-history";
import { TransferRecords } from "./transfer-records";

/** A verified guest's case on /track: status, hospitals, plans to compare, history and files. */
export function TrackedSubmission({ tracked }: { tracked: Tracked }) {
  const t = useTranslations("track");
  const tst = useTranslations("statuses");
  const format = useFormatter();
  const label = (status: string) => (tst.has(status) ? tst(status) : statusText(status));
  const { matched, declined } = splitMatched(tracked.matchedHospitals);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{tracked.trackingNumber}</span>
            <Badge variant={statusColour(tracked.status)} data-testid="tracked-status">
              {label(tracked.status)}
            </Badge>
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p>{t("submittedOn", { date: format.dateTime(new Date(tracked.createdAt), { dateStyle: "medium" }) })}</p>
        {matched.length > 0 && (
          <p>
            <span className="font-medium">{t("matchedHospitals")}: </span>
            {matched.map((hospital) => `${hospital.name}, ${hospital.country}`).join(" · ")}
          </p>
        )}
        {declined.length > 0 && (
          <p data-testid="declined-hospitals">
            <span className="font-medium">{t("declinedHospitals")}: </span>
            {declined.map((hospital) => `${hospital.name}, ${hospital.country}`).join(" · ")}
          </p>
        )}
        <TransferRecords hospitals={tracked.matchedHospitals} className="space-y-1 text-muted-foreground" />
        <LateNotice notice={tracked.lateNotice} />
        {tracked.documentRequests.some((request) => !request.fulfilledAt) && (
          <div role="status" className="space-y-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-yellow-900" data-testid="document-request">
            <p className="font-semibold">{t("documentRequestTitle")}</p>
            <ul className="space-y-1">
              {tracked.documentRequests
                .filter((request) => !request.fulfilledAt)
                .map((request) => (
                  <li key={request.id}>
                    {t("documentRequestAsked", { date: format.dateTime(new Date(request.createdAt), { dateStyle: "medium" }) })}{" "}
                    <span className="whitespace-pre-line">{request.message}</span>
                  </li>
                ))}
            </ul>
            <p>
              {t("documentRequestHint")}{" "}
              <Link href="/contact" className="font-medium underline">
                {t("contactUs")}
              </Link>
            </p>
          </div>
        )}
        <PlanComparison plans={tracked.plans} canDecide={tracked.status === "responded"} approveUrl="/api/track/approve-plan" />
        <section>
          <h3 className="mb-2 font-medium">{t("history")}</h3>
          <StatusHistory history={tracked.history} className="space-y-1 border-s ps-4" />
        </section>
        <section>
          <h3 className="mb-2 font-medium">{t("files")}</h3>
          <CaseFileList files={tracked.files} />
        </section>
      </CardContent>
    </Card>
  );
}
