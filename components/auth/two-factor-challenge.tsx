"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { authCall, authClient } from "@/client/auth-client";
import { twoFactorCodeSchema } from "@/lib/contracts/auth";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-field";
import { showAuthRefusal, codeErrorKey } from "./auth-form-errors";
import { Field } from "./field";

/** The second step of signing in: a code from the authenticator app, or one of the backup codes. */
export function TwoFactorChallenge({ onVerified, onRestart }: { onVerified: () => Promise<void>; onRestart: () => void }) {
  const t = useTranslations("twoFactor");
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [expired, setExpired] = useState(false);
  const form = useForm({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    const answer = await authCall(() => (useBackupCode ? authClient.twoFactor.verifyBackupCode({ code }) : authClient.twoFactor.verifyTotp({ code })));
    if (!answer.error) return onVerified();
    const key = codeErrorKey(answer.error.status, answer.error.code);
    if (key === "challengeExpired") return setExpired(true);
    showAuthRefusal(form, answer.error, key, t(key), { wrongCode: "code" });
  });

  if (expired)
    return (
      <div className="space-y-4">
        <FormAlert message={t("challengeExpired")} />
        <Button type="button" className="w-full" onClick={onRestart}>
          {t("backToSignIn")}
        </Button>
      </div>
    );

  const codeError = errors.code?.type === "server" ? errors.code.message : errors.code?.message && t("wrongCode");
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{t("challengeTitle")}</h2>
        <p className="text-sm text-muted-foreground">{useBackupCode ? t("backupCodeHint") : t("challengeHint")}</p>
      </div>
      <FormAlert message={errors.root?.server?.message ?? null} />
      <Field
        key={useBackupCode ? "backup" : "app"}
        id="code"
        label={useBackupCode ? t("backupCode") : t("code")}
        autoComplete="one-time-code"
        inputMode={useBackupCode ? "text" : "numeric"}
        maxLength={useBackupCode ? 40 : 6}
        autoFocus
        required
        error={codeError}
        {...form.register("code")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("verifying") : t("verify")}
      </Button>
      <Button
        type="button"
        variant="link"
        className="w-full"
        onClick={() => {
          setUseBackupCode((value) => !value);
          form.reset();
        }}
      >
        {useBackupCode ? t("useApp") : t("useBackupCode")}
      </Button>
    </form>
  );
}
