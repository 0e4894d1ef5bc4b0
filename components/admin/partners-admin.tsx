"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { RefreshCw } from "lucide-react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { inviteSchema } from "@/lib/contracts/partners";
import { nameMessageKey } from "@/lib/contracts/name-messages";
import type { Locale } from "@/lib/i18n/locales";
import { Link } from "@/components/i18n/link";
import { showApiError, useErrorText } from "@/client/errors";
import { useInvitePartner, usePartnerDirectory } from "@/client/queries/partners";
import { loadStatus } from "@/client/queries/load-status";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadState } from "@/components/ui/load-state";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";

/** Admins: the partner users and open invitations, and the form that invites a partner for one hospital. */
export function PartnersAdmin({ hospitals }: { hospitals: { id: string; name: string; city: string }[] }) {
  const t = useTranslations("adminPartners");
  const tNames = useTranslations("nameRules");
  const locale = useLocale() as Locale;
  const errorText = useErrorText();
  const directory = usePartnerDirectory();
  const invite = useInvitePartner();
  const form = useForm({ resolver: zodResolver(inviteSchema), defaultValues: { name: "", email: "", hospitalId: "" } });
  const { errors } = form.formState;
  const [missing, setMissing] = useState(false);
  const load = () => void directory.refetch();
  /** A field's error: a person-name rule (nameRules), an error code, or the server's text. */
  const fieldError = (message: string | undefined) => {
    if (!message) return undefined;
    const rule = nameMessageKey(message);
    return rule ? tNames(rule) : errorText(message);
  };

  const onInvite = form.handleSubmit(
    (body) => {
      setMissing(false);
      invite.mutate(
        { ...body, locale },
        {
          onSuccess: () => {
            form.reset();
            toast({ title: t("invited", { email: body.email }) });
          },
          onError: (failure) => showApiError(form, failure, errorText),
        },
      );
    },
    () => {
      const values = form.getValues();
      setMissing(!values.name.trim() || !values.email.trim() || !values.hospitalId);
    },
  );
  const error = errors.root?.server?.message ?? (missing ? t("missingFields") : null);
  const data = directory.data;
  const field = (id: string, message: string | undefined) => ({
    "aria-invalid": message ? true : undefined,
    "aria-describedby": message ? `${id}-error` : undefined,
  });
  const below = (id: string, message: string | undefined) =>
    message && (
      <p id={`${id}-error`} className="text-sm text-destructive">
        {fieldError(message)}
      </p>
    );

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <Link href="/admin-dashboard" className="text-sm text-primary underline">
            {t("backToDashboard")}
          </Link>
          <h1 className="text-3xl font-bold">{t("title")}</h1>
        </div>
        <Button variant="outline" onClick={load}>
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
              <Input
                id="partner-name"
                {...form.register("name")}
                {...field("partner-name", errors.name?.message)}
                autoComplete="off"
                maxLength={120}
                required
              />
              {below("partner-name", errors.name?.message)}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="partner-email">{t("email")}</Label>
              <Input
                id="partner-email"
                {...form.register("email")}
                {...field("partner-email", errors.email?.message)}
                type="email"
                autoComplete="off"
                maxLength={254}
                required
              />
              {below("partner-email", errors.email?.message)}
            </div>
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor="partner-hospital">{t("hospital")}</Label>
              <NativeSelect id="partner-hospital" {...form.register("hospitalId")} {...field("partner-hospital", errors.hospitalId?.message)} required>
                <NativeSelectOption value="" disabled>
                  {t("chooseHospital")}
                </NativeSelectOption>
                {hospitals.map((hospital) => (
                  <NativeSelectOption key={hospital.id} value={hospital.id}>
                    {hospital.name} ({hospital.city})
                  </NativeSelectOption>
                ))}
              </NativeSelect>
              {below("partner-hospital", errors.hospitalId?.message)}
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending ? t("inviting") : t("invite")}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <LoadState status={loadStatus(directory)} labels={{ loading: t("loading"), failed: t("loadFailed"), retry: t("retry") }} onRetry={load} />
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
