"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-field";
import { Field } from "./auth-forms";

/** Maps the auth API's refusal of a code to a message key under twoFactor. */
export function codeErrorKey(status: number, code: string | undefined): "wrongCode" | "challengeExpired" | "tooManyAttempts" | "generic" {
  if (status === 429) return "tooManyAttempts";
  if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") return "wrongCode";
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || code === "ACCOUNT_TEMPORARILY_LOCKED") return "challengeExpired";
  return "generic";
}

/** The second step of signing in: a code from the authenticator app, or one of the backup codes. */
export function TwoFactorChallenge({ onVerified, onRestart }: { onVerified: () => Promise<void>; onRestart: () => void }) {
  const t = useTranslations("twoFactor");
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ReturnType<typeof codeErrorKey> | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    if (!code) return setError("wrongCode");
    setPending(true);
    setError(null);
    try {
      const response = await fetch(useBackupCode ? "/api/auth/two-factor/verify-backup-code" : "/api/auth/two-factor/verify-totp", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code }),
      });
      if (response.ok) return await onVerified();
      const body = (await response.json().catch(() => ({}))) as { code?: string };
      setError(codeErrorKey(response.status, body.code));
    } catch {
      setError("generic");
    } finally {
      setPending(false);
    }
  }

  if (error === "challengeExpired")
    return (
      <div className="space-y-4">
        <FormAlert message={t("challengeExpired")} />
        <Button type="button" className="w-full" onClick={onRestart}>
          {t("backToSignIn")}
        </Button>
      </div>
    );

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{t("challengeTitle")}</h2>
        <p className="text-sm text-muted-foreground">{useBackupCode ? t("backupCodeHint") : t("challengeHint")}</p>
      </div>
      <FormAlert message={error ? t(error) : null} />
      <Field
        key={useBackupCode ? "backup" : "app"}
        id="code"
        label={useBackupCode ? t("backupCode") : t("code")}
        autoComplete="one-time-code"
        inputMode={useBackupCode ? "text" : "numeric"}
        maxLength={useBackupCode ? 40 : 6}
        autoFocus
        required
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("verifying") : t("verify")}
      </Button>
      <Button
        type="button"
        variant="link"
        className="w-full"
        onClick={() => {
          setUseBackupCode((value) => !value);
          setError(null);
        }}
      >
        {useBackupCode ? t("useApp") : t("useBackupCode")}
      </Button>
    </form>
  );
}
