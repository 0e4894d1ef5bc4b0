"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "@/lib/i18n/navigation";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/contracts/auth";
import { acceptInvitationFormSchema } from "@/lib/contracts/partners";
import { showApiError, useErrorText } from "@/client/errors";
import { useAcceptInvitation } from "@/client/queries/partners";
import { refreshSession } from "@/client/use-session";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input } from "@/components/ui/input";
import { describedBy, FormAlert, FormField } from "@/components/ui/form-field";

const bounds = { minimum: PASSWORD_MIN_LENGTH, maximum: PASSWORD_MAX_LENGTH };

/** The invitee chooses a username and password; the account is created as a partner of the invited hospital and signed in. */
export function AcceptInvitationForm({ token }: { token: string }) {
  const t = useTranslations("partner");
  const router = useRouter();
  const errorText = useErrorText();
  const accept = useAcceptInvitation();
  const form = useForm({ resolver: zodResolver(acceptInvitationFormSchema), defaultValues: { token, username: "", password: "", confirm: "" } });
  const { errors } = form.formState;
  const text = (message: string | undefined) => (message ? errorText(message, bounds) : undefined);
  const [username, password, confirm] = [text(errors.username?.message), text(errors.password?.message), text(errors.confirm?.message)];

  const onSubmit = form.handleSubmit(({ token, username, password }) =>
    accept.mutate(
      { token, username, password },
      {
        onSuccess: async () => {
          await refreshSession();
          router.push("/partner");
          router.refresh();
        },
        onError: (failure) => showApiError(form, failure, errorText),
      },
    ),
  );

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={errors.root?.server?.message ?? text(errors.token?.message) ?? null} />
      <FormField id="username" label={t("fields.username")} error={username} hint={t("usernameHint")}>
        <Input {...describedBy("username", username)} {...form.register("username")} autoComplete="username" required />
      </FormField>
      <FormField id="password" label={t("fields.password")} error={password} hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}>
        <Input {...describedBy("password", password)} {...form.register("password")} type="password" autoComplete="new-password" required />
      </FormField>
      <FormField id="confirm" label={t("fields.confirm")} error={confirm}>
        <Input {...describedBy("confirm", confirm)} {...form.register("confirm")} type="password" autoComplete="new-password" required />
      </FormField>
      <SubmitButton className="w-full" disabled={accept.isPending || accept.isSuccess}>
        {accept.isPending || accept.isSuccess ? t("creatingAccount") : t("acceptSubmit")}
      </SubmitButton>
    </form>
  );
}
