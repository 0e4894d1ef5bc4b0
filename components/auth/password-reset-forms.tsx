"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@/components/i18n/link";
import { localePath, type Locale } from "@/lib/i18n/locales";
import { forgotPasswordSchema, PASSWORD_MIN_LENGTH, resetPasswordSchema } from "@/lib/contracts/auth";
import { authCall, authClient } from "@/client/auth-client";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormAlert } from "@/components/ui/form-field";
import { authErrorKey, NEW_PASSWORD_FIELDS, showAuthRefusal } from "./auth-form-errors";
import { Field } from "./field";
import { NewPasswordFields } from "./new-password-fields";
import { useFieldText } from "./use-field-text";

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
  const fieldText = useFieldText();
  const locale = useLocale() as Locale;
  const [sent, setSent] = useState(false);
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    // This page in the reader's language: the e-mail is written in it and links back to it.
    const redirectTo = `${window.location.origin}${localePath("/reset-password", locale)}`;
    const answer = await authCall(() => authClient.requestPasswordReset({ email, redirectTo }));
    if (!answer.error) return setSent(true);
    const key = authErrorKey(answer.error.status, undefined, "password");
    showAuthRefusal(form, answer.error, key, t(`errors.${key}`));
  });

  if (sent) return <Done message={t("resetLinkSent")} />;
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={errors.root?.server?.message ?? null} />
      <Field id="email" label={t("email")} type="email" autoComplete="email" required error={fieldText(errors.email)} {...form.register("email")} />
      <SubmitButton className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("sendingResetLink") : t("sendResetLink")}
      </SubmitButton>
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
  const [done, setDone] = useState(false);
  const form = useForm({ resolver: zodResolver(resetPasswordSchema), defaultValues: { newPassword: "", confirmPassword: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    const answer = await authCall(() => authClient.resetPassword({ token, newPassword }));
    if (!answer.error) return setDone(true);
    const key = authErrorKey(answer.error.status, answer.error.code, "password");
    showAuthRefusal(form, answer.error, key, t(`errors.${key}`, { min: PASSWORD_MIN_LENGTH }), NEW_PASSWORD_FIELDS);
  });

  if (done) return <Done message={t("resetDone")} />;
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={errors.root?.server?.message ?? null} />
      <NewPasswordFields register={form.register} errors={errors} />
      <SubmitButton className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("savingPassword") : t("savePassword")}
      </SubmitButton>
    </form>
  );
}
