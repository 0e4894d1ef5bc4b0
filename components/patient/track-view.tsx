"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { statusColour, statusText } from "@/lib/submissions/status";
import type { FileView } from "@/lib/submissions/queries";
import { formatKilobytes } from "@/lib/uploads/upload-with-progress";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

interface Tracked {
  trackingNumber: string;
  patientName: string;
  specialty: string;
  status: string;
  createdAt: string;
  history: { status: string; at: string }[];
  files: FileView[];
}

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

  // A guest who verified in the last 30 minutes sees the submission again after a reload.
  useEffect(() => {
    void fetch("/api/track/submission", { credentials: "include" }).then(async (response) => {
      if (!response.ok) return;
      setTracked((await response.json()) as Tracked);
      setStep("view");
    });
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
        <form onSubmit={requestCode} className="space-y-4">
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
        <form onSubmit={verify} className="space-y-4">
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
      {step === "view" && tracked && <TrackedSubmission tracked={tracked} />}
    </div>
  );
}

function TrackedSubmission({ tracked }: { tracked: Tracked }) {
  const t = useTranslations("track");
  const tst = useTranslations("statuses");
  const format = useFormatter();
  const label = (status: string) => (tst.has(status) ? tst(status) : statusText(status));
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
        <section>
          <h3 className="mb-2 font-medium">{t("history")}</h3>
          <ol className="space-y-1 border-s ps-4">
            {tracked.history.map((entry) => (
              <li key={entry.at + entry.status}>
                {label(entry.status)} · {format.dateTime(new Date(entry.at), { dateStyle: "medium", timeStyle: "short" })}
              </li>
            ))}
          </ol>
        </section>
        <section>
          <h3 className="mb-2 font-medium">{t("files")}</h3>
          <ul className="divide-y rounded-md border">
            {tracked.files.map((file) => (
              <li key={file.id} className="flex items-center gap-2 p-2">
                <span className="min-w-0 flex-1 truncate">{file.originalName}</span>
                <span className="text-muted-foreground">{t("sizeKb", { size: formatKilobytes(file.size) })}</span>
                <a href={`/api/files/${file.id}`} className="inline-flex min-h-10 items-center px-2 text-primary underline">
                  {t("download")}
                  <span className="sr-only"> {file.originalName}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
