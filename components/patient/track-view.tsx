"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { statusColour, statusText } from "@/lib/contracts/submissions";
import type { TrackedSubmission as Tracked } from "@/lib/tracking/view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CaseFileList } from "@/components/files/case-file-list";
import { PlanComparison } from "./plan-comparison";
import { splitMatched, StatusHistory } from "./status-history";
import { TransferRecords } from "./transfer-records";

async function postJson(url: string, body: unknown) {
  const response = await fetch(url, { method: "POST", credentials: "include", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, json };
}

/** /track: tracking number + e-mail, then a one-time code sent to that e-mail, then status and history. */
export function TrackView() {
  const t = useTranslations("track");
  const locale = useLocale();
  const [step, setStep] = useState<"details" | "code" | "view">("details");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tracked, setTracked] = useState<Tracked | null>(null);

  // A guest who verified in the last 30 minutes sees the submission again after a reload (and after approving a plan).
  async function reload() {
    const response = await fetch("/api/track/submission", { credentials: "include", cache: "no-store" }).catch(() => null);
    if (!response?.ok) return false;
    setTracked((await response.json()) as Tracked);
    setStep("view");
    return true;
  }
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading the verified submission when the page opens
    void reload();
  }, []);

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const { ok, json } = await postJson("/api/track/request-code", { trackingNumber, email, locale }).catch(() => ({ ok: false, json: {} as Record<string, unknown> }));
    setPending(false);
    if (!ok) return setError(typeof json.error === "string" ? json.error : t("failed"));
    setStep("code");
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const { ok, json } = await postJson("/api/track/verify", { trackingNumber, email, code, locale }).catch(() => ({ ok: false, json: {} as Record<string, unknown> }));
    setPending(false);
    if (!ok) return setError(typeof json.error === "string" ? json.error : t("failed"));
    setTracked(json as unknown as Tracked);
    setStep("view");
  }

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      {step !== "view" && <p className="text-muted-foreground">{t("intro")}</p>}
      {error && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {error}
        </p>
      )}
      {step === "details" && (
        <form method="post" onSubmit={requestCode} className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="track-number">{t("trackingNumber")}</Label>
            <Input id="track-number" value={trackingNumber} onChange={(e) => setTrackingNumber(e.target.value)} placeholder="SUB-20261122-XXXXXXXXXX" required autoComplete="off" />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="track-email">{t("email")}</Label>
            <Input id="track-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
          </div>
          <Button type="submit" disabled={pending || !trackingNumber.trim() || !email.trim()}>
            {pending ? t("sending") : t("sendCode")}
          </Button>
        </form>
      )}
      {step === "code" && (
        <form method="post" onSubmit={verify} className="space-y-4">
          <p role="status" className="rounded-md bg-secondary p-3 text-sm">
            {t("codeSent")}
          </p>
          <div className="space-y-1.5">
            <Label htmlFor="track-code">{t("code")}</Label>
            <Input id="track-code" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))} inputMode="numeric" autoComplete="one-time-code" required />
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={pending || code.length !== 6}>
              {pending ? t("checking") : t("showSubmission")}
            </Button>
            <Button type="button" variant="outline" onClick={() => setStep("details")}>
              {t("startOver")}
            </Button>
          </div>
        </form>
      )}
      {step === "view" && tracked && (
        <TrackedSubmission
          tracked={tracked}
          onChanged={() =>
            void reload().then((ok) => {
              // The 30-minute access ended: verify again.
              if (!ok) setStep("details");
            })
          }
        />
      )}
    </div>
  );
}

function TrackedSubmission({ tracked, onChanged }: { tracked: Tracked; onChanged: () => void }) {
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
        <PlanComparison plans={tracked.plans} canDecide={tracked.status === "responded"} approveUrl="/api/track/approve-plan" onApproved={onChanged} />
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
