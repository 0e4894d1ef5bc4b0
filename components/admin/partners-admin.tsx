"use client";

import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { RefreshCw } from "lucide-react";
import type { PartnerDirectory } from "@/lib/contracts/partners";
import { Link } from "@/lib/i18n/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadState } from "@/components/ui/load-state";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { readError } from "./read-error";

type State = { status: "loading" } | { status: "error" } | { status: "ready"; data: PartnerDirectory };

/** Admins: the partner users and open invitations, and the form that invites a partner for one hospital. */
export function PartnersAdmin({ hospitals }: { hospitals: { id: string; name: string; city: string }[] }) {
  const t = useTranslations("adminPartners");
  const locale = useLocale();
  const [state, setState] = useState<State>({ status: "loading" });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const response = await fetch("/api/admin/partners", { credentials: "include", cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      setState({ status: "ready", data: (await response.json()) as PartnerDirectory });
    } catch {
      setState({ status: "error" });
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading data from the API when the page opens
    void load();
  }, [load]);

  async function onInvite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    if (!data.name?.trim() || !data.email?.trim() || !data.hospitalId) return setError(t("missingFields"));
    setPending(true);
    setError(null);
    try {
      const response = await fetch("/api/admin/partners", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: data.name.trim(), email: data.email.trim(), hospitalId: data.hospitalId, locale }),
      });
      if (!response.ok) return setError((await readError(response)) ?? t("inviteFailed"));
      form.reset();
      toast({ title: t("invited", { email: data.email.trim() }) });
      await load();
    } catch {
      setError(t("inviteFailed"));
    } finally {
      setPending(false);
    }
  }

  const data = state.status === "ready" ? state.data : null;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <Link href="/admin-dashboard" className="text-sm text-primary underline">
            {t("backToDashboard")}
          </Link>
          <h1 className="text-3xl font-bold">{t("title")}</h1>
        </div>
        <Button variant="outline" onClick={() => void load()}>
          <RefreshCw aria-hidden className="h-4 w-4" /> {t("refresh")}
        </Button>
      </header>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-xl">{t("inviteTitle")}</h2>
          </CardTitle>
          <CardDescription>{t("inviteText")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form method="post" onSubmit={onInvite} noValidate className="grid gap-4 sm:grid-cols-2">
            {error && (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive sm:col-span-2">
                {error}
              </p>
            )}
            <div className="space-y-1.5">
              <Label htmlFor="partner-name">{t("name")}</Label>
              <Input id="partner-name" name="name" autoComplete="off" maxLength={120} required />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="partner-email">{t("email")}</Label>
              <Input id="partner-email" name="email" type="email" autoComplete="off" maxLength={254} required />
            </div>
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor="partner-hospital">{t("hospital")}</Label>
              <NativeSelect id="partner-hospital" name="hospitalId" defaultValue="" required>
                <NativeSelectOption value="" disabled>
                  {t("chooseHospital")}
                </NativeSelectOption>
                {hospitals.map((hospital) => (
                  <NativeSelectOption key={hospital.id} value={hospital.id}>
                    {hospital.name} ({hospital.city})
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={pending}>
                {pending ? t("inviting") : t("invite")}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <LoadState status={state.status} labels={{ loading: t("loading"), failed: t("loadFailed"), retry: t("retry") }} onRetry={() => void load()} />
      {data && (
        <>
          <section className="space-y-3">
            <h2 className="text-xl font-semibold">{t("invitationsTitle", { count: data.invitations.length })}</h2>
            {data.invitations.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("noInvitations")}</p>
            ) : (
              <ul className="divide-y rounded-md border" data-testid="partner-invitations">
                {data.invitations.map((invitation) => (
                  <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                    <span>
                      <span className="font-medium">{invitation.name}</span> · {invitation.email} · {invitation.hospitalName}
                    </span>
                    <span className="text-muted-foreground">{t("expires", { date: new Date(invitation.expiresAt) })}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="space-y-3">
            <h2 className="text-xl font-semibold">{t("partnersTitle", { count: data.partners.length })}</h2>
            {data.partners.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("noPartners")}</p>
            ) : (
              <ul className="divide-y rounded-md border" data-testid="partner-users">
                {data.partners.map((partner) => (
                  <li key={partner.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                    <span>
                      <span className="font-medium">{partner.name}</span> ({partner.username}) · {partner.email}
                    </span>
                    <span className="flex items-center gap-2">
                      {partner.hospitalName ?? t("noHospital")}
                      {!partner.active && <Badge variant="grey">{t("inactive")}</Badge>}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
