"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "@/lib/i18n/navigation";
import { refreshSession } from "@/client/use-session";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from "@/lib/contracts/auth";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { describedBy, FormAlert, FormField, postJson } from "@/components/ui/form-field";

type Errors = Partial<Record<"username" | "password" | "confirm", string>>;

/** The invitee chooses a username and password; the account is created as a partner of the invited hospital and signed in. */
export function AcceptInvitationForm({ token }: { token: string }) {
  const t = useTranslations("partner");
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const found: Errors = {};
    if (!USERNAME_PATTERN.test(data.username?.trim() ?? "")) found.username = t("errors.username");
    if ((data.password ?? "").length < PASSWORD_MIN_LENGTH || data.password.length > PASSWORD_MAX_LENGTH) found.password = t("errors.password", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
    if (!found.password && data.confirm !== data.password) found.confirm = t("errors.confirm");
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    setPending(true);
    const result = await postJson("/api/partner/invitations/accept", { token, username: data.username.trim(), password: data.password });
    if (!result.ok) {
      setPending(false);
      return setFormError(result.error ?? t("errors.network"));
    }
    await refreshSession();
    router.push("/partner");
    router.refresh();
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={formError} />
      <FormField id="username" label={t("fields.username")} error={errors.username} hint={t("usernameHint")}>
        <Input {...describedBy("username", errors.username)} autoComplete="username" required />
      </FormField>
      <FormField id="password" label={t("fields.password")} error={errors.password} hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}>
        <Input {...describedBy("password", errors.password)} type="password" autoComplete="new-password" required />
      </FormField>
      <FormField id="confirm" label={t("fields.confirm")} error={errors.confirm}>
        <Input {...describedBy("confirm", errors.confirm)} type="password" autoComplete="new-password" required />
      </FormField>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("creatingAccount") : t("acceptSubmit")}
      </Button>
    </form>
  );
}
