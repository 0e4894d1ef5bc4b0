"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { ArrowLeft, RefreshCw } from "lucide-react";
import { Link } from "@/components/i18n/link";
import type { FileView } from "@/lib/contracts/files";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadState } from "@/components/ui/load-state";
import { CaseFileList } from "@/components/files/case-file-list";
import { CaseImaging } from "@/components/imaging/case-imaging";
import { imagingPaths } from "@/lib/contracts/imaging";
import { CaseDetails } from "./case-details";
import { CaseDocumentRequests } from "./case-document-requests";
import { CaseLateHospital } from "./case-late-hospital";
import { CaseRoutingPanel } from "./case-routing-panel";
import { CaseRoutings } from "./case-routings";
import { CaseStatus } from "./case-status";
import { FilePreviewDialog } from "./file-preview-dialog";
import { SubmissionBadges } from "./submission-badges";
import { ApiError } from "@/client/api";
import { useAdminCase } from "@/client/queries/admin-cases";
import { loadStatus } from "@/client/queries/load-status";

/** The coordinator's page for one case: what the patient sent, the workflow, routing to hospitals and their answers. */
export function CaseView({ caseId }: { caseId: string }) {
  const t = useTranslations("adminCase");
  const query = useAdminCase(caseId);
  const [preview, setPreview] = useState<FileView | null>(null);
  const missing = query.error instanceof ApiError && query.error.status === 404;
  const data = missing ? undefined : query.data;
  const load = () => void query.refetch();

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <Link href="/admin-dashboard" className="inline-flex min-h-10 items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4 rtl:rotate-180" /> {t("back")}
      </Link>
      {missing && (
        <p role="alert" className="text-lg">
          {t("notFound")}
        </p>
      )}
      <LoadState
        status={missing ? "missing" : loadStatus(query)}
        labels={{ loading: t("loading"), failed: t("loadFailed"), retry: t("retry") }}
        onRetry={load}
      />
      {data && (
        <>
          <header className="flex flex-wrap items-start justify-between gap-4">
            <div className="space-y-2">
              <h1 className="text-3xl font-bold">{data.patientName}</h1>
              <p className="font-mono text-muted-foreground">{data.trackingNumber}</p>
              <SubmissionBadges submission={data} />
            </div>
            <Button variant="outline" onClick={load}>
              <RefreshCw aria-hidden className="h-4 w-4" /> {t("refresh")}
            </Button>
          </header>
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <Section title={t("detailsTitle")}>
                <CaseDetails submission={data} />
              </Section>
              <CaseImaging caseId={caseId} />
              <Section title={t("filesTitle")}>
                <CaseFileList
                  files={data.files}
                  preview={{ onPreview: setPreview }}
                  signedLink
                  showType
                  label={t("filesTitle")}
                  itemTestId="admin-file"
                  downloadAllHref={imagingPaths.caseFilesZip(caseId)}
                />
              </Section>
              <Section title={t("hospitalsTitle")}>
                <CaseLateHospital data={data} />
                <CaseRoutings routings={data.routings} />
              </Section>
              <Section title={t("documentsTitle")}>
                <CaseDocumentRequests data={data} />
              </Section>
            </div>
            <div className="space-y-6">
              <Section title={t("statusTitle")}>
                <CaseStatus data={data} />
              </Section>
              <Section title={t("routeTitle")}>
                <CaseRoutingPanel data={data} />
              </Section>
            </div>
          </div>
        </>
      )}
      <FilePreviewDialog file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-xl">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
