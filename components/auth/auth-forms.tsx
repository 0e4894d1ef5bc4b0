"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Link, useRouter } from "@/lib/i18n/navigation";
import { refreshSession } from "@/client/use-session";
import { PASSWORD_MIN_LENGTH, SIGN_IN_LOCKED_CODE, homePathFor, safeReturnPath, signInSchema, signUpSchema } from "@/lib/contracts/auth";
import { NAME_MAX_LENGTH, nameMessageKey } from "@/lib/contracts/people";
import { Button } from "@/components/ui/button";
import { FormAlert, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { authErrorKey } from "./auth-form-errors";
import { TwoFactorChallenge } from "./two-factor-challenge";

type FieldErrors = Partial<Record<string, string>>;

/** After a sign-in or sign-up: back where the person came from, or to their home page. */
function useFinishSignIn() {
  const router = useRouter();
  return async () => {
    const me = await refreshSession();
    router.push(safeReturnPath(new URLSearchParams(window.location.search).get("next"), homePathFor(me?.user?.role, me?.twoFactorSetupRequired)));
    router.refresh();
  };
}

function useAuthSubmit(mode: "sign-in" | "sign-up") {
  const t = useTranslations("auth.errors");
  const tp = useTranslations("accountProtection.form");
  const finish = useFinishSignIn();
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [signedUp, setSignedUp] = useState(false);

  async function submit(path: string, payload: Record<string, string>) {
    setPending(true);
    setFormError(null);
    try {
      const response = await fetch(path, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(payload),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        setFormError(body.code === SIGN_IN_LOCKED_CODE ? tp("signInLocked") : t(authErrorKey(response.status, body.code, mode), { min: PASSWORD_MIN_LENGTH }));
        return;
      }
      // Sign-up opens no session and answers alike whether or not the e-mail already had an account.
      if (mode === "sign-up") return setSignedUp(true);
      // Accounts with two-factor authentication get no session yet: the code comes first.
      if (((await response.json().catch(() => ({}))) as { twoFactorRedirect?: boolean }).twoFactorRedirect) return setNeedsCode(true);
      await finish();
    } catch {
      setFormError(t("generic"));
    } finally {
      setPending(false);
    }
  }
  return { pending, formError, submit, needsCode, signedUp, restart: () => setNeedsCode(false) };
}

/** A labelled text input with its hint and error under it. */
export function Field({ id, label, error, hint, ...props }: { id: string; label: string; error?: string; hint?: string } & React.ComponentProps<typeof Input>) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
    </FormField>
  );
}


export function SignInForm() {
  const t = useTranslations("auth");
  const { pending, formError, submit, needsCode, restart } = useAuthSubmit("sign-in");
  const finish = useFinishSignIn();
  const [errors, setErrors] = useState<FieldErrors>({});
  if (needsCode) return <TwoFactorChallenge onVerified={finish} onRestart={restart} />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = signInSchema.safeParse(data);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], t(`errors.${issue.message}`)])));
      return;
    }
    setErrors({});
    const { identifier, password } = parsed.data;
    const byEmail = identifier.includes("@");
    void submit(byEmail ? "/api/auth/sign-in/email" : "/api/auth/sign-in/username", byEmail ? { email: identifier, password } : { username: identifier, password });
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={formError} />
      <Field id="identifier" label={t("identifier")} autoComplete="username" required error={errors.identifier} />
      <Field id="password" label={t("password")} type="password" autoComplete="current-password" required error={errors.password} />
      <p className="text-sm">
        <Link href="/reset-password" className="font-medium text-primary underline">
          {t("forgotPasswordLink")}
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("signingIn") : t("signIn")}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t("noAccount")}{" "}
        <Link href="/simple-signup.html" className="font-medium text-primary underline">
          {t("signUpLink")}
        </Link>
      </p>
    </form>
  );
}

export function SignUpForm() {
  const t = useTranslations("auth");
  const tName = useTranslations("nameRules");
  const { pending, formError, submit, signedUp } = useAuthSubmit("sign-up");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [email, setEmail] = useState("");
  if (signedUp) return <SignUpDone email={email} />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = signUpSchema.safeParse(data);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => {
            const nameProblem = nameMessageKey(issue.message);
            return [issue.path[0], nameProblem ? tName(nameProblem, { max: NAME_MAX_LENGTH }) : t(`errors.${issue.message}`, { min: PASSWORD_MIN_LENGTH })];
          }),
        ),
      );
      return;
    }
    setErrors({});
    setEmail(parsed.data.email);
    void submit("/api/auth/sign-up/email", { ...parsed.data, displayUsername: parsed.data.username });
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={formError} />
      <Field id="name" label={t("name")} autoComplete="name" required error={errors.name} />
      <Field id="username" label={t("username")} autoComplete="username" hint={t("usernameHint")} required error={errors.username} />
      <Field id="email" label={t("email")} type="email" autoComplete="email" required error={errors.email} />
      <Field
        id="password"
        label={t("password")}
        type="password"
        autoComplete="new-password"
        hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
        required
        error={errors.password}
      />
      <p className="text-xs text-muted-foreground">{t("ageConfirmation")}</p>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("creatingAccount") : t("createAccount")}
      </Button>
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
