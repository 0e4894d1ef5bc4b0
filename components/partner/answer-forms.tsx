"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "@/lib/i18n/navigation";
import { MAX_PRICE, PLAN_CURRENCIES } from "@/lib/contracts/plans";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { describedBy, FormAlert, FormField, postJson } from "@/components/ui/form-field";

type Errors = Partial<Record<string, string>>;

const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);

/** Checks the plan in the browser with the same rules as the server, so the partner sees every problem at once in their language. */
function checkPlan(data: Record<string, string>, t: (key: string, values?: Record<string, number>) => string) {
  const errors: Errors = {};
  for (const field of ["diagnosisSummary", "proposedTreatment", "included", "leadDoctor", "lengthOfStayDays", "priceMin", "priceMax", "validUntil"])
    if (!data[field]?.trim()) errors[field] = t("errors.required");
  const whole = (value: string) => /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  const stay = whole(data.lengthOfStayDays ?? "");
  if (!errors.lengthOfStayDays && !(stay >= 1 && stay <= 365)) errors.lengthOfStayDays = t("errors.lengthOfStay");
  const min = whole(data.priceMin ?? "");
  const max = whole(data.priceMax ?? "");
  if (!errors.priceMin && !(min >= 1 && min <= MAX_PRICE)) errors.priceMin = t("errors.price", { max: MAX_PRICE });
  if (!errors.priceMax && !(max >= 1 && max <= MAX_PRICE)) errors.priceMax = t("errors.price", { max: MAX_PRICE });
  if (!errors.priceMin && !errors.priceMax && min > max) errors.priceMax = t("errors.priceOrder");
  if (!errors.validUntil && !(data.validUntil >= tomorrow())) errors.validUntil = t("errors.validUntil");
  return { errors, plan: { ...data, lengthOfStayDays: stay, priceMin: min, priceMax: max, message: data.message?.trim() || undefined } };
}

/** The hospital's answer: one treatment plan in the common template, or a decline with a reason. */
export function AnswerForms({ caseId }: { caseId: string }) {
  const t = useTranslations("partner");
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<"plan" | "decline" | null>(null);
  const [declining, setDeclining] = useState(false);

  async function send(kind: "plan" | "decline", body: unknown) {
    setPending(kind);
    setFormError(null);
    const result = await postJson(`/api/partner/cases/${caseId}/${kind}`, body);
    setPending(null);
    if (!result.ok) return setFormError(result.error ?? t("errors.network"));
    toast({ title: kind === "plan" ? t("planSent") : t("declineSent") });
    router.refresh();
  }

  function onPlan(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const { errors: found, plan } = checkPlan(data, t);
    setErrors(found);
    if (Object.keys(found).length) return setFormError(t("errors.fixFields"));
    void send("plan", plan);
  }

  function onDecline(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
    if (!reason) return setErrors({ reason: t("errors.required") });
    setErrors({});
    void send("decline", { reason });
  }

  const text = (id: string, label: string, rows = 4, hint?: string) => (
    <FormField id={id} label={label} error={errors[id]} hint={hint}>
      <Textarea {...describedBy(id, errors[id])} rows={rows} maxLength={4000} />
    </FormField>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-xl">{declining ? t("declineTitle") : t("planTitle")}</h2>
        </CardTitle>
        <CardDescription>{declining ? t("declineText") : t("planText")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <FormAlert message={formError} />
        {declining ? (
          <form method="post" onSubmit={onDecline} noValidate className="space-y-4">
            {text("reason", t("fields.reason"), 4)}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="destructive" disabled={pending !== null}>
                {pending === "decline" ? t("sending") : t("declineSubmit")}
              </Button>
              <Button type="button" variant="outline" onClick={() => (setDeclining(false), setErrors({}), setFormError(null))}>
                {t("backToPlan")}
              </Button>
            </div>
          </form>
        ) : (
          <form method="post" onSubmit={onPlan} noValidate className="space-y-4">
            {text("diagnosisSummary", t("fields.diagnosisSummary"))}
            {text("proposedTreatment", t("fields.proposedTreatment"))}
            {text("included", t("fields.included"), 3, t("fields.includedHint"))}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="lengthOfStayDays" label={t("fields.lengthOfStayDays")} error={errors.lengthOfStayDays}>
                <Input {...describedBy("lengthOfStayDays", errors.lengthOfStayDays)} type="number" inputMode="numeric" min={1} max={365} step={1} />
              </FormField>
              <FormField id="leadDoctor" label={t("fields.leadDoctor")} error={errors.leadDoctor}>
                <Input {...describedBy("leadDoctor", errors.leadDoctor)} maxLength={200} />
              </FormField>
            </div>
            <fieldset className="grid gap-4 sm:grid-cols-3">
              <legend className="mb-2 text-sm font-medium">{t("fields.priceRange")}</legend>
              <FormField id="priceMin" label={t("fields.priceMin")} error={errors.priceMin}>
                <Input {...describedBy("priceMin", errors.priceMin)} type="number" inputMode="numeric" min={1} step={1} />
              </FormField>
              <FormField id="priceMax" label={t("fields.priceMax")} error={errors.priceMax}>
                <Input {...describedBy("priceMax", errors.priceMax)} type="number" inputMode="numeric" min={1} step={1} />
              </FormField>
              <FormField id="currency" label={t("fields.currency")}>
                <NativeSelect id="currency" name="currency" defaultValue="USD">
                  {PLAN_CURRENCIES.map((currency) => (
                    <NativeSelectOption key={currency} value={currency}>
                      {currency}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </FormField>
            </fieldset>
            <FormField id="validUntil" label={t("fields.validUntil")} error={errors.validUntil}>
              <Input {...describedBy("validUntil", errors.validUntil)} type="date" min={tomorrow()} />
            </FormField>
            {text("message", t("fields.message"), 4, t("fields.messageHint"))}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={pending !== null}>
                {pending === "plan" ? t("sending") : t("planSubmit")}
              </Button>
              <Button type="button" variant="outline" onClick={() => (setDeclining(true), setErrors({}), setFormError(null))}>
                {t("declineInstead")}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** After the patient approved this hospital's plan: the date and time of the appointment, and a note. */
export function AppointmentForm({ caseId, current }: { caseId: string; current: { at: string | null; note: string | null } }) {
  const t = useTranslations("partner");
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const at = data.at ? new Date(data.at) : null;
    if (!at || Number.isNaN(at.getTime())) return setError(t("errors.appointmentAt"));
    if (at.getTime() <= Date.now()) return setError(t("errors.appointmentFuture"));
    setPending(true);
    setError(null);
    const result = await postJson(`/api/partner/cases/${caseId}/appointment`, { at: at.toISOString(), note: data.note?.trim() || undefined });
    setPending(false);
    if (!result.ok) return setError(result.error ?? t("errors.network"));
    toast({ title: t("appointmentSaved") });
    router.refresh();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-xl">{current.at ? t("appointmentChange") : t("appointmentTitle")}</h2>
        </CardTitle>
        <CardDescription>{t("appointmentText")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
          <FormAlert message={error} />
          <FormField id="at" label={t("fields.appointmentAt")}>
            <Input id="at" name="at" type="datetime-local" required />
          </FormField>
          <FormField id="note" label={t("fields.appointmentNote")}>
            <Textarea id="note" name="note" rows={3} maxLength={2000} defaultValue={current.note ?? ""} />
          </FormField>
          <Button type="submit" disabled={pending}>
            {pending ? t("sending") : t("appointmentSubmit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
