"use client";

import { useEffect } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Link, useRouter } from "@/lib/i18n/navigation";
import { refreshSession, useSession } from "@/client/use-session";
import { UnavailablePage } from "@/components/errors/unavailable-page";
import { applicationStage, stageColour, urgencyColour } from "@/lib/contracts/submissions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { useOwnSubmissions } from "@/client/queries/submissions";
import { loadStatus } from "@/client/queries/load-status";
import { signInPath } from "./sign-in-path";

/** My Medical Applications (/patient-dashboard): the stage and progress of each of the patient's submissions. */
export function ApplicationsView() {
  const t = useTranslations("patientDashboard");
  const tc = useTranslations("common");
  const ts = useTranslations("specialties");
  const format = useFormatter();
  const router = useRouter();
  const session = useSession();
  const user = session.status === "ready" && session.me.isAuthenticated ? session.me.user : null;
  const signedOut = session.status === "error" || (session.status === "ready" && !user);
  const query = useOwnSubmissions(!!user);
  const status = loadStatus(query);

  useEffect(() => {
    if (signedOut || query.unauthenticated) router.replace(signInPath("/patient-dashboard"));
  }, [signedOut, query.unauthenticated, router]);

  // A failed auth check sends the visitor to sign-in; a server that cannot reach its database (503) is not a
  // sign-out, and sign-in would fail too: the person is asked to try again instead.
  if (session.status === "unavailable") return <UnavailablePage retry={() => void refreshSession()} />;

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <div className="flex gap-2">
          <Button asChild>
            <Link href="/upload">{t("newApplication")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/contact">{t("getHelp")}</Link>
          </Button>
        </div>
      </header>
      {(status === "loading" || !user) && (
        <div className="space-y-4" aria-busy="true" aria-label={tc("loading")}>
          <Skeleton className="h-36 w-full" />
        </div>
      )}
      {status === "error" && <p role="alert">{t("loadFailed")}</p>}
      {query.data?.length === 0 && (
        <Card className="text-center">
          <CardContent className="space-y-3 py-10">
            <p className="text-muted-foreground">{t("emptyText")}</p>
            <Button asChild>
              <Link href="/upload">{t("submitFirst")}</Link>
            </Button>
          </CardContent>
        </Card>
      )}
      {query.data?.map((submission) => {
        const { stage, progress } = applicationStage(submission.status);
        const latest = submission.history.at(-1);
        return (
          <Card key={submission.id} data-testid="application-card">
            <CardHeader className="gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <CardTitle asChild>
                  <h2>{submission.title || t("defaultTitle")}</h2>
                </CardTitle>
                <Badge variant={stageColour(stage)}>{t(`stages.${stage}`)}</Badge>
                <Badge variant={urgencyColour(submission.urgency)}>{t(`urgency.${submission.urgency}`)}</Badge>
              </div>
              <p className="text-sm text-muted-foreground">
                {ts.has(submission.specialty) ? ts(submission.specialty) : submission.specialty} · {submission.trackingNumber}
              </p>
            </CardHeader>
            <CardContent className="space-y-3">
              <div className="space-y-1">
                <div className="flex justify-between text-sm">
                  <span>{t("progress")}</span>
                  <span>{format.number(progress / 100, { style: "percent" })}</span>
                </div>
                <Progress value={progress} aria-label={t("progress")} />
              </div>
              {latest && (
                <p className="text-sm">
                  {t("latestUpdate", { status: t(`stages.${stage}`), date: format.dateTime(new Date(latest.at), { dateStyle: "medium" }) })}
                </p>
              )}
              <p className="text-sm text-muted-foreground" data-testid="responses-count">
                {t("responses", { count: submission.responsesCount })}
              </p>
              {submission.documentRequests.some((request) => !request.fulfilledAt) && (
                <p className="text-sm font-medium text-yellow-800">{t("documentsRequested")}</p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button asChild size="sm" variant="outline">
                  <Link href={`/journey#${submission.id}`}>{t("viewDetails")}</Link>
                </Button>
                <Button asChild size="sm" variant="outline">
                  <Link href={`/journey#${submission.id}`}>{t("viewResponses")}</Link>
                </Button>
                {submission.files.length > 0 && (
                  <Button size="sm" variant="outline" onClick={() => downloadAll(submission.files.map((file) => file.id))}>
                    {t("downloadFiles", { count: submission.files.length })}
                  </Button>
                )}
              </div>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}

/** Starts one download per file, spaced out so that browsers do not drop any of them. */
function downloadAll(ids: string[]) {
  ids.forEach((id, index) =>
    setTimeout(() => {
      const link = document.createElement("a");
      link.href = `/api/files/${id}`;
      link.download = "";
      document.body.append(link);
      link.click();
      link.remove();
    }, index * 400),
  );
}
