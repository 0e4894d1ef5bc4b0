"use client";

import { useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { encode } from "uqr";
import { useRouter } from "@/lib/i18n/navigation";
import { refreshSession } from "@/client/use-session";
import { safeReturnPath } from "@/lib/contracts/auth";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { Field } from "./auth-forms";
import { codeErrorKey } from "./two-factor-challenge";

type Setup = { totpURI: string; backupCodes: string[] };
type ErrorKey = "wrongPassword" | ReturnType<typeof codeErrorKey>;

async function post(path: string, body: unknown): Promise<{ ok: boolean; status: number; body: Record<string, unknown> }> {
  const response = await fetch(path, { method: "POST", credentials: "include", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { ok: response.ok, status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

function passwordErrorKey(status: number, code: unknown): ErrorKey {
  if (status === 429) return "tooManyAttempts";
  return code === "INVALID_PASSWORD" ? "wrongPassword" : "generic";
}

/** The otpauth:// link as a QR code, drawn as one SVG path (no image request, nothing inline to run). */
function QrCode({ value, label }: { value: string; label: string }) {
  const { path, size } = useMemo(() => {
    const { data } = encode(value, { border: 2 });
    return { path: data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join(""), size: data.length };
  }, [value]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="h-48 w-48 rounded-md bg-white" shapeRendering="crispEdges">
      <path d={path} fill="#000" />
    </svg>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const t = useTranslations("twoFactor");
  return (
    <>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" variant="outline" size="sm" onClick={() => downloadCodes(codes)}>
        {t("downloadBackupCodes")}
      </Button>
    </>
  );
}

function downloadCodes(codes: string[]) {
  const url = URL.createObjectURL(new Blob([`AfyaBridge backup codes\n\n${codes.join("\n")}\n`], { type: "text/plain" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: "afyabridge-backup-codes.txt" });
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Two-factor authentication on /account/security: set up with an authenticator app (password, scan,
 * backup codes, then a code proves it works); once on, new backup codes, or turning it off (patients
 * only; the server refuses staff).
 */
export function TwoFactorSettings({ enabled: initiallyEnabled, isStaff, setupRequired }: { enabled: boolean; isStaff: boolean; setupRequired: boolean }) {
  const t = useTranslations("twoFactor");
  const router = useRouter();
  const [enabled, setEnabled] = useState(initiallyEnabled);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorKey | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const managed = useRef<HTMLFormElement>(null);

  async function run(action: () => Promise<void>) {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch {
      setError("generic");
    } finally {
      setPending(false);
    }
  }

  const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "");

  /** Posts the form's password to `path`: a refusal shows why, an answer goes to `done`. */
  function withPassword(form: HTMLFormElement | null, path: string, done: (body: Record<string, unknown>) => void) {
    const password = form ? field(form, "twoFactorPassword") : "";
    void run(async () => {
      const answer = await post(path, { password });
      if (!answer.ok) return setError(passwordErrorKey(answer.status, answer.body.code));
      done(answer.body);
    });
  }

  function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    withPassword(event.currentTarget, "/api/auth/two-factor/enable", (body) => setSetup({ totpURI: String(body.totpURI), backupCodes: body.backupCodes as string[] }));
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = field(event.currentTarget, "twoFactorCode").replace(/\s/g, "");
    void run(async () => {
      const answer = await post("/api/auth/two-factor/verify-totp", { code });
      if (!answer.ok) return setError(codeErrorKey(answer.status, answer.body.code as string | undefined));
      setSetup(null);
      setEnabled(true);
      toast({ title: t("enabled") });
      await refreshSession();
      const next = new URLSearchParams(window.location.search).get("next");
      if (next) router.push(safeReturnPath(next));
      router.refresh();
    });
  }

  /** New backup codes (the old ones stop working), for someone who used or lost theirs. */
  function renewBackupCodes(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    withPassword(event.currentTarget, "/api/auth/two-factor/generate-backup-codes", (body) => setNewCodes(body.backupCodes as string[]));
  }

  function turnOff() {
    withPassword(managed.current, "/api/auth/two-factor/disable", () => {
      setEnabled(false);
      toast({ title: t("disabled") });
      router.refresh();
    });
  }

  const secret = setup ? (new URL(setup.totpURI).searchParams.get("secret") ?? "") : "";
  return (
    <Card id="two-factor">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2>{t("title")}</h2>
          <Badge variant={enabled ? "green" : "grey"}>{enabled ? t("statusOn") : t("statusOff")}</Badge>
        </CardTitle>
        <CardDescription>{t("subtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {setupRequired && !enabled && (
          <p role="status" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
            {t("setupRequired")}
          </p>
        )}
        <FormAlert message={error ? t(error) : null} />
        {enabled ? (
          <form ref={managed} method="post" onSubmit={renewBackupCodes} noValidate className="space-y-4">
            {isStaff && <p className="text-sm text-muted-foreground">{t("requiredForStaff")}</p>}
            {newCodes && (
              <section className="space-y-2" aria-live="polite">
                <p className="text-sm font-medium">{t("backupCodesRenewed")}</p>
                <BackupCodes codes={newCodes} />
              </section>
            )}
            <Field id="twoFactorPassword" label={t("password")} type="password" autoComplete="current-password" hint={t("renewHint")} required />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="outline" disabled={pending}>
                {t("renewBackupCodes")}
              </Button>
              {!isStaff && (
                <Button type="button" variant="outline" disabled={pending} onClick={turnOff}>
                  {pending ? t("turningOff") : t("turnOff")}
                </Button>
              )}
            </div>
          </form>
        ) : setup ? (
          <form method="post" onSubmit={confirm} noValidate className="space-y-6">
            <section className="space-y-2">
              <h3 className="font-medium">{t("scanTitle")}</h3>
              <QrCode value={setup.totpURI} label={t("qrLabel")} />
              <p className="text-sm text-muted-foreground">{t("scanHint")}</p>
              <code data-testid="totp-secret" className="block rounded bg-muted px-3 py-2 font-mono text-sm break-all">
                {secret}
              </code>
            </section>
            <section className="space-y-2">
              <h3 className="font-medium">{t("backupTitle")}</h3>
              <p className="text-sm text-muted-foreground">{t("backupHint")}</p>
              <BackupCodes codes={setup.backupCodes} />
            </section>
            <section className="space-y-2">
              <h3 className="font-medium">{t("confirmTitle")}</h3>
              <Field id="twoFactorCode" label={t("code")} autoComplete="one-time-code" inputMode="numeric" maxLength={6} required />
            </section>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={pending}>
                {pending ? t("confirming") : t("confirm")}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setSetup(null)}>
                {t("cancel")}
              </Button>
            </div>
          </form>
        ) : (
          <form method="post" onSubmit={start} noValidate className="space-y-4">
            <Field id="twoFactorPassword" label={t("password")} type="password" autoComplete="current-password" required />
            <Button type="submit" disabled={pending}>
              {pending ? t("starting") : t("startSetup")}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
