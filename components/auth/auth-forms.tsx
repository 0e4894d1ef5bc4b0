"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "@/lib/i18n/navigation";
import { Link } from "@/components/i18n/link";
import { authCall, authClient } from "@/client/auth-client";
import { refreshSession } from "@/client/use-session";
import { PASSWORD_MIN_LENGTH, SIGN_IN_LOCKED_CODE, homePathFor, safeReturnPath, signInSchema, signUpSchema } from "@/lib/contracts/auth";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormAlert } from "@/components/ui/form-field";
import { authErrorKey, showAuthRefusal } from "./auth-form-errors";
import { Field } from "./field";
import { NewPasswordField } from "./new-password-fields";
import { TwoFactorChallenge } from "./two-factor-challenge";
import { useFieldText } from "./use-field-text";

/** After a sign-in: back where the person came from, or to their home page. */
function useFinishSignIn() {
  const router = useRouter();
  return async () => {
    const me = await refreshSession();
    router.push(safeReturnPath(new URLSearchParams(window.location.search).get("next"), homePathFor(me?.user?.role, me?.twoFactorSetupRequired)));
    router.refresh();
  };
}

export function SignInForm() {
  const t = useTranslations("auth");
  const tp = useTranslations("accountProtection.form");
  const fieldText = useFieldText();
  const finish = useFinishSignIn();
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { identifier: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  if (needsCode) return <TwoFactorChallenge onVerified={finish} onRestart={() => setNeedsCode(false)} />;

  const onSubmit = form.handleSubmit(async ({ identifier, password }) => {
    const answer = await authCall(() =>
      identifier.includes("@") ? authClient.signIn.email({ email: identifier, password }) : authClient.signIn.username({ username: identifier, password }),
    );
    if (answer.error) {
      const key = authErrorKey(answer.error.status, answer.error.code, "sign-in");
      const text = answer.error.code === SIGN_IN_LOCKED_CODE ? tp("signInLocked") : t(`errors.${key}`);
      return showAuthRefusal(form, answer.error, key, text);
    }
    // Accounts with two-factor authentication get no session yet: the code comes first.
    if (answer.data && "twoFactorRedirect" in answer.data && answer.data.twoFactorRedirect) return setNeedsCode(true);
    await finish();
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={errors.root?.server?.message ?? null} />
      <Field id="identifier" label={t("identifier")} autoComplete="username" required error={fieldText(errors.identifier)} {...form.register("identifier")} />
      <Field
        id="password"
        label={t("password")}
        type="password"
        autoComplete="current-password"
        required
        error={fieldText(errors.password)}
        {...form.register("password")}
      />
      <p className="text-sm">
        <Link href="/reset-password" className="font-medium text-primary underline">
          {t("forgotPasswordLink")}
        </Link>
      </p>
      <SubmitButton className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("signingIn") : t("signIn")}
      </SubmitButton>
      <p className="text-center text-sm text-muted-foreground">
        {t("noAccount")}{" "}
        <Link href="/simple-signup.html" className="font-medium text-primary underline">
          {t("signUpLink")}
        </Link>
      </p>
    </form>
  );
}

/** Where the sign-up API's refusals belong (keys of auth.errors → form fields). */
const SIGN_UP_FIELDS: Partial<Record<string, string>> = {
  emailTaken: "email",
  emailInvalid: "email",
  usernameTaken: "username",
  usernameInvalid: "username",
  passwordTooShort: "password",
  passwordTooLong: "password",
  passwordTooCommon: "password",
};

export function SignUpForm() {
  const t = useTranslations("auth");
  const fieldText = useFieldText();
  const [signedUpAs, setSignedUpAs] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(signUpSchema), defaultValues: { name: "", username: "", email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  if (signedUpAs !== null) return <SignUpDone email={signedUpAs} />;

  const onSubmit = form.handleSubmit(async (input) => {
    const answer = await authCall(() => authClient.signUp.email({ ...input, displayUsername: input.username }));
    if (answer.error) {
      const key = authErrorKey(answer.error.status, answer.error.code, "sign-up");
      return showAuthRefusal(form, answer.error, key, t(`errors.${key}`, { min: PASSWORD_MIN_LENGTH }), SIGN_UP_FIELDS);
    }
    // Sign-up opens no session and answers alike whether or not the e-mail already had an account.
    setSignedUpAs(input.email);
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={errors.root?.server?.message ?? null} />
      <Field id="name" label={t("name")} autoComplete="name" required error={fieldText(errors.name)} {...form.register("name")} />
      <Field
        id="username"
        label={t("username")}
        autoComplete="username"
        hint={t("usernameHint")}
        required
        error={fieldText(errors.username)}
        {...form.register("username")}
      />
      <Field id="email" label={t("email")} type="email" autoComplete="email" required error={fieldText(errors.email)} {...form.register("email")} />
      <NewPasswordField id="password" label={t("password")} error={fieldText(errors.password)} {...form.register("password")} />
      <p className="text-xs text-muted-foreground">{t("ageConfirmation")}</p>
      <SubmitButton className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("creatingAccount") : t("createAccount")}
      </SubmitButton>
      <p className="text-center text-sm text-muted-foreground">
        {t("haveAccount")}{" "}
        <Link href="/simple-login.html" className="font-medium text-primary underline">
          {t("signInLink")}
        </Link>
      </p>
    </form>
  );
}

/**
 * After sign-up, the same words whether the e-mail was new (the account is ready) or already had an
 * account (its owner was e-mailed): the page must not tell a visitor which addresses have accounts.
 */
function SignUpDone({ email }: { email: string }) {
  const t = useTranslations("accountProtection.form");
  const next = safeReturnPath(new URLSearchParams(window.location.search).get("next"), "");
  return (
    <div role="status" className="space-y-4">
      <h2 className="text-lg font-semibold">{t("signUpDoneTitle")}</h2>
      <p className="text-sm text-muted-foreground">{t("signUpDoneBody", { email })}</p>
      <Button asChild className="w-full">
        <Link href={next ? { pathname: "/simple-login.html", query: { next } } : "/simple-login.html"}>{t("signUpDoneSignIn")}</Link>
      </Button>
    </div>
  );
}
