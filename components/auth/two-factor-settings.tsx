"use client";

import { useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { useForm, type FieldError, type FieldValues, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { encode } from "uqr";
import { useRouter } from "@/lib/i18n/navigation";
import { authCall, authClient, type AuthRefusal } from "@/client/auth-client";
import { refreshSession } from "@/client/use-session";
import { safeReturnPath, twoFactorCodeSchema, twoFactorPasswordSchema } from "@/lib/contracts/auth";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { codeErrorKey, showAuthRefusal } from "./auth-form-errors";
import { Field } from "./field";
import { useFieldText } from "./use-field-text";

type Setup = { totpURI: string; backupCodes: string[] };

/** The key to type by hand when the QR code cannot be scanned: in groups of four, with a copy button (which copies it without spaces). */
function AuthenticatorKey({ secret }: { secret: string }) {
  const t = useTranslations("twoFactor");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: t("keyCopied") });
    } catch {
      toast({ title: t("keyCopyFailed"), variant: "destructive" });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code data-testid="totp-secret" dir="ltr" className="rounded bg-muted px-3 py-2 font-mono text-base tracking-wider">
        {secret.match(/.{1,4}/g)?.join(" ")}
      </code>
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
        {t("copyKey")}
      </Button>
    </div>
  );
}

/** A refusal of a password-confirmed change: on the password field when the password was wrong. */
function passwordErrorKey(refusal: AuthRefusal): "wrongPassword" | "tooManyAttempts" | "generic" {
  if (refusal.status === 429) return "tooManyAttempts";
  return refusal.code === "INVALID_PASSWORD" ? "wrongPassword" : "generic";
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
  const fieldText = useFieldText();
  const router = useRouter();
  const [enabled, setEnabled] = useState(initiallyEnabled);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const startForm = useForm({ resolver: zodResolver(twoFactorPasswordSchema), defaultValues: { password: "" } });
  const confirmForm = useForm({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: "" } });
  const managedForm = useForm({ resolver: zodResolver(twoFactorPasswordSchema), defaultValues: { password: "" } });
  const pending = startForm.formState.isSubmitting || confirmForm.formState.isSubmitting || managedForm.formState.isSubmitting;

  function refusePassword<T extends FieldValues>(form: UseFormReturn<T>, refusal: AuthRefusal) {
    const key = passwordErrorKey(refusal);
    showAuthRefusal(form, refusal, key, t(key), { wrongPassword: "password" });
  }
  const codeText = (error: FieldError | undefined) => (error?.type === "server" ? error.message : error?.message && t("wrongCode"));

  const start = startForm.handleSubmit(async ({ password }) => {
    const answer = await authCall(() => authClient.twoFactor.enable({ password }));
    if (answer.error) return refusePassword(startForm, answer.error);
    if ("totpURI" in answer.data) setSetup({ totpURI: answer.data.totpURI, backupCodes: answer.data.backupCodes });
  });

  const confirm = confirmForm.handleSubmit(async ({ code }) => {
    const answer = await authCall(() => authClient.twoFactor.verifyTotp({ code }));
    if (answer.error) {
      const key = codeErrorKey(answer.error.status, answer.error.code);
      return showAuthRefusal(confirmForm, answer.error, key, t(key), { wrongCode: "code" });
    }
    setSetup(null);
    setEnabled(true);
    toast({ title: t("enabled") });
    await refreshSession();
    const next = new URLSearchParams(window.location.search).get("next");
    if (next) router.push(safeReturnPath(next));
    router.refresh();
  });

  /** New backup codes (the old ones stop working), for someone who used or lost theirs. */
  const renewBackupCodes = managedForm.handleSubmit(async ({ password }) => {
    const answer = await authCall(() => authClient.twoFactor.generateBackupCodes({ password }));
    if (answer.error) return refusePassword(managedForm, answer.error);
    setNewCodes(answer.data.backupCodes);
  });

  const turnOff = managedForm.handleSubmit(async ({ password }) => {
    const answer = await authCall(() => authClient.twoFactor.disable({ password }));
    if (answer.error) return refusePassword(managedForm, answer.error);
    setEnabled(false);
    toast({ title: t("disabled") });
    router.refresh();
  });

  const formError = [startForm, confirmForm, managedForm].map((form) => form.formState.errors.root?.server?.message).find(Boolean) ?? null;
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
        <FormAlert message={formError} />
        {enabled ? (
          <form method="post" onSubmit={renewBackupCodes} noValidate className="space-y-4">
            {isStaff && <p className="text-sm text-muted-foreground">{t("requiredForStaff")}</p>}
            {newCodes && (
              <section className="space-y-2" aria-live="polite">
                <p className="text-sm font-medium">{t("backupCodesRenewed")}</p>
                <BackupCodes codes={newCodes} />
              </section>
            )}
            <Field
              id="twoFactorPassword"
              label={t("password")}
              type="password"
              autoComplete="current-password"
              hint={t("renewHint")}
              required
              error={fieldText(managedForm.formState.errors.password)}
              {...managedForm.register("password")}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="outline" disabled={pending}>
                {t("renewBackupCodes")}
              </Button>
              {!isStaff && (
                <Button type="button" variant="outline" disabled={pending} onClick={() => void turnOff()}>
                  {pending ? t("turningOff") : t("turnOff")}
                </Button>
              )}
            </div>
          </form>
        ) : setup ? (
          <form method="post" onSubmit={confirm} noValidate className="space-y-6">
            <section className="space-y-2">
              <h3 className="font-medium">{t("scanTitle")}</h3>
              <div className="flex flex-wrap items-start gap-4">
                <QrCode value={setup.totpURI} label={t("qrLabel")} />
                <div className="min-w-0 flex-1 basis-56 space-y-2">
                  <p className="text-sm text-muted-foreground">{t("scanHint")}</p>
                  <AuthenticatorKey secret={secret} />
                </div>
              </div>
            </section>
            <section className="space-y-2">
              <h3 className="font-medium">{t("backupTitle")}</h3>
              <p className="text-sm text-muted-foreground">{t("backupHint")}</p>
              <BackupCodes codes={setup.backupCodes} />
            </section>
            <section className="space-y-2">
              <h3 className="font-medium">{t("confirmTitle")}</h3>
              <Field
                id="twoFactorCode"
                label={t("code")}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                required
                error={codeText(confirmForm.formState.errors.code)}
                {...confirmForm.register("code")}
              />
            </section>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={pending}>
                {pending ? t("confirming") : t("confirm")}
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setSetup(null);
                  confirmForm.reset();
                }}
              >
                {t("cancel")}
              </Button>
            </div>
          </form>
        ) : (
          <form method="post" onSubmit={start} noValidate className="space-y-4">
            <Field
              id="twoFactorPassword"
              label={t("password")}
              type="password"
              autoComplete="current-password"
              required
              error={fieldText(startForm.formState.errors.password)}
              {...startForm.register("password")}
            />
            <Button type="submit" disabled={pending}>
              {pending ? t("starting") : t("startSetup")}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
