"use client";

import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "@/lib/i18n/navigation";
import { changePasswordSchema, PASSWORD_MIN_LENGTH } from "@/lib/contracts/auth";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadState } from "@/components/ui/load-state";
import { toast } from "@/components/ui/use-toast";
import { authErrorKey } from "./auth-form-errors";
import type { ActiveSession } from "@/lib/auth/sessions";
import { FormAlert } from "@/components/ui/form-field";
import { Field } from "./auth-forms";


async function fetchSessions(): Promise<ActiveSession[] | null> {
  try {
    const response = await fetch("/api/account/sessions", { credentials: "include", cache: "no-store" });
    return response.ok ? ((await response.json()) as { sessions: ActiveSession[] }).sessions : null;
  } catch {
    return null;
  }
}

type Owner = { email: string; username: string; name: string };

function ChangePasswordForm({ owner, onChanged }: { owner: Owner; onChanged: () => void }) {
  const t = useTranslations("accountSecurity");
  const auth = useTranslations("auth");
  const protection = useTranslations("accountProtection.form");
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = changePasswordSchema(owner).safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), auth(`errors.${issue.message}`, { min: PASSWORD_MIN_LENGTH })])));
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      const response = await fetch("/api/auth/change-password", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword, revokeOtherSessions: true }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        if (body.code === "INVALID_PASSWORD") return setErrors({ currentPassword: t("wrongCurrentPassword") });
        const key = authErrorKey(response.status, body.code, "password");
        if (key.startsWith("password")) return setErrors({ newPassword: auth(`errors.${key}`, { min: PASSWORD_MIN_LENGTH }) });
        return setFormError(auth(`errors.${key}`));
      }
      form.reset();
      toast({ title: t("passwordChanged") });
      onChanged();
    } catch {
      setFormError(auth("errors.generic"));
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={formError} />
      <Field id="currentPassword" label={t("currentPassword")} type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <Field
        id="newPassword"
        label={auth("newPassword")}
        type="password"
        autoComplete="new-password"
        hint={auth("passwordHint", { min: PASSWORD_MIN_LENGTH })}
        required
        error={errors.newPassword}
      />
      <Field id="confirmPassword" label={auth("confirmPassword")} type="password" autoComplete="new-password" required error={errors.confirmPassword} />
      <p className="text-sm text-muted-foreground">{protection("passwordChangeEndsOtherSessions")}</p>
      <Button type="submit" disabled={pending}>
        {pending ? t("changingPassword") : t("changePassword")}
      </Button>
    </form>
  );
}

function SessionList({ reloadKey }: { reloadKey: number }) {
  const t = useTranslations("accountSecurity");
  const format = useFormatter();
  const router = useRouter();
  const [status, setStatus] = useState<"loading" | "error" | "ready">("loading");
  const [sessions, setSessions] = useState<ActiveSession[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  const apply = useCallback((list: ActiveSession[] | null) => {
    if (list) setSessions(list);
    setStatus(list ? "ready" : "error");
  }, []);
  const load = useCallback(async () => apply(await fetchSessions()), [apply]);

  useEffect(() => {
    void fetchSessions().then(apply);
  }, [apply, reloadKey]);

  async function end(path: string, busyKey: string, endsThisDevice: boolean) {
    setBusy(busyKey);
    try {
      const response = await fetch(path, { method: "DELETE", credentials: "include" });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { revoked: boolean | number };
      if (endsThisDevice) {
        router.push("/simple-login.html");
        router.refresh();
        return;
      }
      toast({ title: typeof body.revoked === "number" ? t("othersEnded", { count: body.revoked }) : t("sessionEnded") });
      await load();
    } catch {
      toast({ title: t("loadFailed"), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  if (status !== "ready")
    return (
      <LoadState
        status={status}
        labels={{ loading: t("sessionsTitle"), failed: t("loadFailed"), retry: t("retry") }}
        onRetry={() => {
          setStatus("loading");
          void load();
        }}
      />
    );
  const others = sessions.filter((session) => !session.current);
  return (
    <div className="space-y-4">
      <ul className="divide-y rounded-md border">
        {sessions.map((session) => {
          const device = session.device ?? t("unknownDevice");
          return (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {device}
                  {session.current && <Badge>{t("thisDevice")}</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">
                  {session.ipAddress && <>{t("address", { ip: session.ipAddress })} · </>}
                  {t("signedInAt", { date: when(session.createdAt) })} · {t("lastActive", { date: when(session.lastActiveAt) })}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={busy !== null}
                aria-label={t("endSessionLabel", { device })}
                onClick={() => void end(`/api/account/sessions/${session.id}`, session.id, session.current)}
              >
                {t("endSession")}
              </Button>
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <Button variant="destructive" disabled={busy !== null} onClick={() => void end("/api/account/sessions", "others", false)}>
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
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("changePasswordTitle")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm owner={owner} onChanged={() => setReloadKey((key) => key + 1)} />
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
          <SessionList reloadKey={reloadKey} />
        </CardContent>
      </Card>
    </div>
  );
}
