"use client";

import { LateNotice } from "@/components/patient/late-notice";
import { useEffect } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "@/lib/i18n/navigation";
import { Link } from "@/components/i18n/link";
import { markSignedOut, refreshSession, useSession } from "@/client/use-session";
import { UnavailablePage } from "@/components/errors/unavailable-page";
import { greetingName } from "@/lib/contracts/session";
import { applicationStage, stageColour, statusColour, statusText, urgencyColour, type OwnSubmission } from "@/lib/contracts/submissions";
import { useOwnSubmissions } from "@/client/queries/submissions";
import { loadStatus } from "@/client/queries/load-status";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadState } from "@/components/ui/load-state";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/use-toast";
import { signInPath } from "./sign-in-path";
import { CaseFileList } from "@/components/files/case-file-list";
import { FileName } from "@/components/files/file-name";
import { AddMoreFiles } from "./add-more-files";
import { MissingFiles } from "./missing-files";
import { PlanComparison } from "./plan-comparison";
import { splitMatched, StatusHistory } from "./status-history";
import { TransferRecords } from "./transfer-records";

const MAX_HOSPITALS_SHOWN = 3;

/**
 * My Medical Journey (/journey), the one patient dashboard (/patient-dashboard redirects here): the
 * account, and each of the patient's submissions with its stage, progress and care coordination.
 */
export function JourneyView() {
  const t = useTranslations("journey");
  const tc = useTranslations("common");
  const format = useFormatter();
  const router = useRouter();
  const session = useSession();
  const user = session.status === "ready" && session.me.isAuthenticated ? session.me.user : null;
  const signedOut = session.status === "error" || (session.status === "ready" && !user);
  const query = useOwnSubmissions(!!user);
  const status = loadStatus(query);

  useEffect(() => {
    if (signedOut || query.unauthenticated) router.replace(signInPath("/journey"));
  }, [signedOut, query.unauthenticated, router]);

  // A failed auth check sends the visitor to sign-in; a server that cannot reach its database (503) is not a
  // sign-out, and sign-in would fail too: the person is asked to try again instead.
  if (session.status === "unavailable") return <UnavailablePage retry={() => void refreshSession()} />;

  if (!user) return <p className="mx-auto max-w-6xl px-4 py-10 text-muted-foreground">{tc("loading")}</p>;

  async function logout() {
    const response = await fetch("/api/auth/logout", { method: "POST", credentials: "include" }).catch(() => null);
    if (!response?.ok) return toast({ title: t("logoutFailed"), variant: "destructive" });
    markSignedOut();
    router.push("/simple-login.html");
  }

  const submissions = query.data ?? [];
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="min-w-0 text-3xl font-bold break-words">{t("welcome", { name: greetingName(user) })}</h1>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link href="/contact">{t("newSubmission")}</Link>
          </Button>
          <Button variant="outline" onClick={logout}>
            {t("logout")}
          </Button>
        </div>
      </header>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{t("accountDetails")}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-1 text-sm break-words">
              <div>
                <dt className="inline font-medium">{t("email")}: </dt>
                <dd className="inline">{user.email}</dd>
              </div>
              <div>
                <dt className="inline font-medium">{t("username")}: </dt>
                <dd className="inline">{user.username}</dd>
              </div>
              <div>
                <dt className="inline font-medium">{t("memberSince")}: </dt>
                <dd className="inline">{user.createdAt ? format.dateTime(new Date(user.createdAt), { dateStyle: "medium" }) : t("notAvailable")}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{t("journeyStats")}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 text-sm">
            <p>
              {t("totalSubmissions")}: <strong data-testid="total-submissions">{status === "ready" ? submissions.length : "…"}</strong>
            </p>
            <p>
              {t("statusLabel")}: <Badge variant="green">{t("activePatient")}</Badge>
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{t("quickActions")}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <Button asChild variant="outline">
              <Link href="/upload">{t("uploadFiles")}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/hospitals">{t("browseHospitals")}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/account">{t("accountLink")}</Link>
            </Button>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="my-submissions" className="space-y-4">
        <h2 id="my-submissions" className="text-2xl font-semibold">
          {t("mySubmissions")}
        </h2>
        <LoadState status={status} labels={{ loading: tc("loading"), failed: t("loadFailed"), retry: t("retry") }} onRetry={() => void query.refetch()} />
        {status === "ready" && submissions.length === 0 && (
          <Card className="text-center">
            <CardContent className="space-y-3 py-10">
              <h3 className="text-xl font-semibold">{t("emptyTitle")}</h3>
              <p className="text-muted-foreground">{t("emptyText")}</p>
              <Button asChild>
                <Link href="/contact">{t("createFirst")}</Link>
              </Button>
            </CardContent>
          </Card>
        )}
        {submissions.map((submission) => (
          <SubmissionCard key={submission.id} submission={submission} />
        ))}
      </section>
    </div>
  );
}

function SubmissionCard({ submission }: { submission: OwnSubmission }) {
  const t = useTranslations("journey");
  const ts = useTranslations("specialties");
  const tst = useTranslations("statuses");
  const format = useFormatter();
  const hospitals = submission.matchedHospitals;
  const { matched, declined } = splitMatched(hospitals);
  const { stage, progress } = applicationStage(submission.status);
  return (
    <Card id={submission.id} data-testid="submission-card">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle asChild>
            <h3 className="min-w-0 break-words">{submission.title || submission.patientName || t("defaultTitle")}</h3>
          </CardTitle>
          <Badge variant={statusColour(submission.status)} data-testid="status-badge">
            {tst.has(submission.status) ? tst(submission.status) : statusText(submission.status)}
          </Badge>
          {submission.urgency && <Badge variant={urgencyColour(submission.urgency)}>{t(`urgency.${submission.urgency}`)}</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">
          {t("trackingNumber")}: <span className="font-mono">{submission.trackingNumber}</span> ·{" "}
          {format.dateTime(new Date(submission.createdAt), { dateStyle: "medium" })}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1" data-testid="submission-progress">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="flex items-center gap-2">
              {t("progress")}: <Badge variant={stageColour(stage)}>{t(`stages.${stage}`)}</Badge>
            </span>
            <span>{format.number(progress / 100, { style: "percent" })}</span>
          </div>
          <Progress value={progress} aria-label={t("progress")} />
          <p className="text-sm text-muted-foreground" data-testid="responses-count">
            {t("responses", { count: submission.responsesCount })}
          </p>
        </div>
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          {submission.fileName && (
            <div className="min-w-0">
              <dt className="font-medium">{t("fileName")}</dt>
              <dd className="text-muted-foreground">
                <FileName name={submission.fileName} />
              </dd>
            </div>
          )}
          {submission.medicalCondition && <Item label={t("medicalCondition")} value={submission.medicalCondition} />}
          <Item label={t("specialty")} value={ts.has(submission.specialty) ? ts(submission.specialty) : submission.specialty} />
          <Item label={t("preferredCountries")} value={t("countriesCount", { count: submission.preferredCountries.length })} />
          {submission.message && <Item label={t("message")} value={submission.message} wide />}
        </dl>
        <div className="text-sm" data-testid="matched-hospitals">
          <span className="font-medium">{t("matchedHospitals")}: </span>
          {matched.length === 0 ? (
            <span className="text-muted-foreground">{t("noHospitalsYet")}</span>
          ) : (
            <span className="inline-flex flex-wrap gap-1">
              {matched.slice(0, MAX_HOSPITALS_SHOWN).map((hospital) => (
                <Badge key={`${hospital.name}-${hospital.city}`} variant="outline">
                  {hospital.name}, {hospital.country}
                </Badge>
              ))}
              {matched.length > MAX_HOSPITALS_SHOWN && <Badge variant="secondary">{t("moreHospitals", { count: matched.length - MAX_HOSPITALS_SHOWN })}</Badge>}
            </span>
          )}
        </div>
        {declined.length > 0 && (
          <div className="text-sm" data-testid="declined-hospitals">
            <span className="font-medium">{t("declinedHospitals")}: </span>
            <span className="inline-flex flex-wrap gap-1">
              {declined.map((hospital) => (
                <Badge key={`${hospital.name}-${hospital.city}`} variant="grey">
                  {hospital.name}, {hospital.country}
                </Badge>
              ))}
            </span>
          </div>
        )}
        <TransferRecords hospitals={hospitals} className="space-y-1 text-sm text-muted-foreground" />
        <LateNotice notice={submission.lateNotice} />
        <DocumentRequests submission={submission} />
        <PlanComparison
          plans={submission.plans}
          canDecide={submission.status === "responded"}
          approveUrl={`/api/my-submissions/${submission.id}/approve-plan`}
        />
        <div className="space-y-2">
          <h4 className="font-medium">{t("files")}</h4>
          <CaseFileList files={submission.files} preview="tab" signedLink />
          <MissingFiles submission={submission} />
        </div>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">{t("history")}</summary>
          <StatusHistory history={submission.history} className="mt-2 space-y-1 border-s ps-4" />
        </details>
        {submission.status !== "closed" && submission.status !== "cancelled" && (
          <div id={addFilesAnchor(submission.id)} className="scroll-mt-20">
            <AddMoreFiles submissionId={submission.id} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

const addFilesAnchor = (submissionId: string) => `add-files-${submissionId}`;

/** The coordinator's requests for more documents: open ones as an alert pointing to 'Add More Files'. */
function DocumentRequests({ submission }: { submission: OwnSubmission }) {
  const t = useTranslations("journey");
  const format = useFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });
  const open = submission.documentRequests.filter((request) => !request.fulfilledAt);
  const answered = submission.documentRequests.filter((request) => request.fulfilledAt);
  const canAdd = submission.status !== "closed" && submission.status !== "cancelled";
  if (submission.documentRequests.length === 0) return null;
  return (
    <div className="space-y-2">
      {open.length > 0 && (
        <div role="status" className="space-y-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900" data-testid="document-request">
          <p className="font-semibold">{t("documentRequestTitle")}</p>
          <ul className="space-y-1">
            {open.map((request) => (
              <li key={request.id}>
                <span className="text-yellow-800">{t("documentRequestAsked", { date: date(request.createdAt) })}</span>{" "}
                <span className="whitespace-pre-line">{request.message}</span>
              </li>
            ))}
          </ul>
          {canAdd && (
            <a href={`#${addFilesAnchor(submission.id)}`} className="inline-flex min-h-10 items-center font-medium underline">
              {t("documentRequestAction")}
            </a>
          )}
        </div>
      )}
      {answered.length > 0 && (
        <ul className="space-y-1 text-sm text-muted-foreground">
          {answered.map((request) => (
            <li key={request.id}>
              {t("documentRequestAnswered", { asked: date(request.createdAt), answered: date(request.fulfilledAt!), message: request.message })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Item({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="font-medium">{label}</dt>
      <dd className="break-words text-muted-foreground">{value}</dd>
    </div>
  );
}
