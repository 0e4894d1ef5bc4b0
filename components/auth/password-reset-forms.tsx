"use client";

import { useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { localePath, type Locale } from "@/lib/i18n/locales";
import { forgotPasswordSchema, PASSWORD_MIN_LENGTH, resetPasswordSchema } from "@/lib/contracts/auth";
import { Button } from "@/components/ui/button";
import { authErrorKey } from "./auth-form-errors";
import { FormAlert } from "@/components/ui/form-field";
import { Field } from "./auth-forms";

type FieldErrors = Partial<Record<string, string>>;

async function postJson(path: string, payload: unknown): Promise<Response> {
  return fetch(path, { method: "POST", credentials: "include", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) });
}

function fieldErrors(issues: { path: PropertyKey[]; message: string }[], t: (key: string, values?: Record<string, number>) => string): FieldErrors {
  return Object.fromEntries(issues.map((issue) => [String(issue.path[0]), t(`errors.${issue.message}`, { min: PASSWORD_MIN_LENGTH })]));
}

function Done({ message }: { message: string }) {
  const t = useTranslations("auth");
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
        {message}
      </p>
      <Link href="/simple-login.html" className="text-sm font-medium text-primary underline">
        {t("backToSignIn")}
      </Link>
    </div>
  );
}

/** Asks for a reset e-mail. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const locale = useLocale() as Locale;
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues, t));
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      // This page in the reader's language: the e-mail is written in it and links back to it.
      const redirectTo = `${window.location.origin}${localePath("/reset-password", locale)}`;
      const response = await postJson("/api/auth/request-password-reset", { email: parsed.data.email, redirectTo });
      if (!response.ok) return setFormError(t(`errors.${authErrorKey(response.status, undefined, "password")}`));
      setSent(true);
    } catch {
      setFormError(t("errors.generic"));
    } finally {
      setPending(false);
    }
  }

  if (sent) return <Done message={t("resetLinkSent")} />;
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={formError} />
      <Field id="email" label={t("email")} type="email" autoComplete="email" required error={errors.email} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("sendingResetLink") : t("sendResetLink")}
      </Button>
      <p className="text-center text-sm">
        <Link href="/simple-login.html" className="font-medium text-primary underline">
          {t("backToSignIn")}
        </Link>
      </p>
    </form>
  );
}

/** Sets the new password with the e-mailed token; every session of the account ends. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth");
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues, t));
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      const response = await postJson("/api/auth/reset-password", { token, newPassword: parsed.data.newPassword });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        const key = authErrorKey(response.status, body.code, "password");
        if (key === "passwordTooCommon" || key === "passwordTooShort" || key === "passwordTooLong") setErrors({ newPassword: t(`errors.${key}`, { min: PASSWORD_MIN_LENGTH }) });
        else setFormError(t(`errors.${key}`));
        return;
      }
      setDone(true);
    } catch {
      setFormError(t("errors.generic"));
    } finally {
      setPending(false);
    }
  }

  if (done) return <Done message={t("resetDone")} />;
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={formError} />
      <Field
        id="newPassword"
        label={t("newPassword")}
        type="password"
        autoComplete="new-password"
        hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
        required
        error={errors.newPassword}
      />
      <Field id="confirmPassword" label={t("confirmPassword")} type="password" autoComplete="new-password" required error={errors.confirmPassword} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("savingPassword") : t("savePassword")}
      </Button>
    </form>
  );
}
