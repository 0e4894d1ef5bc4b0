"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@/lib/i18n/navigation";
import { changePasswordSchema, PASSWORD_MIN_LENGTH } from "@/lib/contracts/auth";
import { authCall, authClient } from "@/client/auth-client";
import { accountKeys, useEndSession, useSessions } from "@/client/queries/account";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-field";
import { LoadState } from "@/components/ui/load-state";
import { toast } from "@/components/ui/use-toast";
import { authErrorKey, NEW_PASSWORD_FIELDS, showAuthRefusal } from "./auth-form-errors";
import { Field } from "./field";
import { NewPasswordFields } from "./new-password-fields";
import { useFieldText } from "./use-field-text";

type Owner = { email: string; username: string; name: string };

function ChangePasswordForm({ owner }: { owner: Owner }) {
  const t = useTranslations("accountSecurity");
  const auth = useTranslations("auth");
  const protection = useTranslations("accountProtection.form");
  const fieldText = useFieldText();
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(changePasswordSchema(owner)), defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    const answer = await authCall(() => authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }));
    if (answer.error) {
      if (answer.error.code === "INVALID_PASSWORD")
        return showAuthRefusal(form, answer.error, "wrongCurrentPassword", t("wrongCurrentPassword"), { wrongCurrentPassword: "currentPassword" });
      const key = authErrorKey(answer.error.status, answer.error.code, "password");
      return showAuthRefusal(form, answer.error, key, auth(`errors.${key}`, { min: PASSWORD_MIN_LENGTH }), NEW_PASSWORD_FIELDS);
    }
    form.reset();
    toast({ title: t("passwordChanged") });
    // The other sessions ended with the change.
    void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={errors.root?.server?.message ?? null} />
      <Field
        id="currentPassword"
        label={t("currentPassword")}
        type="password"
        autoComplete="current-password"
        required
        error={fieldText(errors.currentPassword)}
        {...form.register("currentPassword")}
      />
      <NewPasswordFields register={form.register} errors={errors} />
      <p className="text-sm text-muted-foreground">{protection("passwordChangeEndsOtherSessions")}</p>
      <SubmitButton disabled={isSubmitting}>{isSubmitting ? t("changingPassword") : t("changePassword")}</SubmitButton>
    </form>
  );
}

function SessionList() {
  const t = useTranslations("accountSecurity");
  const format = useFormatter();
  const router = useRouter();
  const sessions = useSessions();
  const endSession = useEndSession();
  const busy = endSession.isPending;

  function end(id: string, endsThisDevice: boolean) {
    endSession.mutate(id, {
      onSuccess: (revoked) => {
        if (endsThisDevice) {
          router.push("/simple-login.html");
          router.refresh();
          return;
        }
        toast({ title: typeof revoked === "number" ? t("othersEnded", { count: revoked }) : t("sessionEnded") });
      },
      onError: () => toast({ title: t("loadFailed"), variant: "destructive" }),
    });
  }

  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  if (!sessions.data)
    return (
      <LoadState
        status={sessions.isError ? "error" : "loading"}
        labels={{ loading: t("sessionsTitle"), failed: t("loadFailed"), retry: t("retry") }}
        onRetry={() => void sessions.refetch()}
      />
    );
  const others = sessions.data.filter((session) => !session.current);
  return (
    <div className="space-y-4">
      <ul className="divide-y rounded-md border">
        {sessions.data.map((session) => {
          const device = session.device ?? t("unknownDevice");
          return (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {device}
                  {session.current && <Badge>{t("thisDevice")}</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">
                  {session.address && <>{session.address.kind === "loopback" ? t("addressThisComputer") : t("address", { ip: session.address.text })} · </>}
                  {t("signedInAt", { date: when(session.createdAt) })} · {t("lastActive", { date: when(session.lastActiveAt) })}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={t("endSessionLabel", { device })}
                onClick={() => end(session.id, session.current)}
              >
                {t("endSession")}
              </Button>
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <Button variant="destructive" disabled={busy} onClick={() => end("others", false)}>
          {t("endOthers")}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">{t("noOtherSessions")}</p>
      )}
    </div>
  );
}

/** /account/security: password change and the list of active sessions. */
export function AccountSecurity({ owner, isStaff }: { owner: Owner; isStaff: boolean }) {
  const t = useTranslations("accountSecurity");
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("changePasswordTitle")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm owner={owner} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("sessionsTitle")}</h2>
          </CardTitle>
          <CardDescription>
            {t("sessionsSubtitle")}
            {isStaff && <> {t("staffIdleNote")}</>}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SessionList />
        </CardContent>
      </Card>
    </div>
  );
}
