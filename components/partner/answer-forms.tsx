"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useForm, type FieldError } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "@/lib/i18n/navigation";
import { localToday } from "@/lib/contracts/dates";
import {
  appointmentSchema,
  declineSchema,
  extensionSchema,
  MAX_EXTENSION_HOURS,
  MAX_PRICE,
  MAX_STAY_DAYS,
  PLAN_CURRENCIES,
  PLAN_TEXT_MAX,
  planSchema,
} from "@/lib/contracts/plans";
import { showApiError, useErrorText } from "@/client/errors";
import { usePartnerAnswer } from "@/client/queries/partner-cases";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { describedBy, FormAlert, FormField } from "@/components/ui/form-field";

/** The bound each field's error text names ({maximum}). */
const bounds: Record<string, number> = {
  diagnosisSummary: PLAN_TEXT_MAX,
  proposedTreatment: PLAN_TEXT_MAX,
  included: PLAN_TEXT_MAX,
  message: PLAN_TEXT_MAX,
  leadDoctor: 200,
  lengthOfStayDays: MAX_STAY_DAYS,
  priceMin: MAX_PRICE,
  priceMax: MAX_PRICE,
  reason: 2000,
  note: 2000,
  hours: MAX_EXTENSION_HOURS,
};

/** The day after the user's own today (YYYY-MM-DD): the earliest a plan can be valid until. */
function localTomorrow(): string {
  const today = new Date(`${localToday()}T00:00:00Z`);
  return new Date(today.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A field's error in the page's language: a code of the shared schema, or the server's text. */
function useFieldError() {
  const errorText = useErrorText();
  return (name: string, error: FieldError | undefined) =>
    error?.message ? (error.type === "server" ? error.message : errorText(error.message, { maximum: bounds[name] ?? 0 })) : undefined;
}

/** The hospital's answer: one treatment plan in the common template, or a decline with a reason. */
export function AnswerForms({ caseId }: { caseId: string }) {
  const t = useTranslations("partner");
  const [declining, setDeclining] = useState(false);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-xl">{declining ? t("declineTitle") : t("planTitle")}</h2>
        </CardTitle>
        <CardDescription>{declining ? t("declineText") : t("planText")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {declining ? <DeclineForm caseId={caseId} onBack={() => setDeclining(false)} /> : <PlanForm caseId={caseId} onDecline={() => setDeclining(true)} />}
      </CardContent>
    </Card>
  );
}

/** After an answer: the partner's cases are read again, and the (server-rendered) case page shows the answer. */
function useAnswer(caseId: string) {
  const t = useTranslations("partner");
  const router = useRouter();
  return usePartnerAnswer(caseId, (kind) => {
    const title = { plan: t("planSent"), decline: t("declineSent"), appointment: t("appointmentSaved"), extension: t("extension.granted") }[kind];
    toast({ title });
    router.refresh();
  });
}

function PlanForm({ caseId, onDecline }: { caseId: string; onDecline: () => void }) {
  const t = useTranslations("partner");
  const errorText = useErrorText();
  const fieldError = useFieldError();
  const answer = useAnswer(caseId);
  const form = useForm({ resolver: zodResolver(planSchema), defaultValues: { currency: "USD" as const } });
  const { errors, isSubmitted } = form.formState;
  const error = (name: keyof typeof errors) => fieldError(name, errors[name] as FieldError | undefined);

  const onSubmit = form.handleSubmit((plan) => answer.mutate({ kind: "plan", body: plan }, { onError: (failure) => showApiError(form, failure, errorText) }));
  const fieldErrors = Object.keys(errors).filter((name) => name !== "root").length;
  const alert = errors.root?.server?.message ?? (isSubmitted && fieldErrors ? t("errors.fixFields") : null);

  const text = (name: "diagnosisSummary" | "proposedTreatment" | "included" | "message", label: string, rows = 4, hint?: string) => (
    <FormField id={name} label={label} error={error(name)} hint={hint}>
      <Textarea {...describedBy(name, error(name))} {...form.register(name)} rows={rows} maxLength={PLAN_TEXT_MAX} />
    </FormField>
  );
  const whole = (name: "lengthOfStayDays" | "priceMin" | "priceMax", label: string, max?: number) => (
    <FormField id={name} label={label} error={error(name)}>
      <Input
        {...describedBy(name, error(name))}
        {...form.register(name, { valueAsNumber: true })}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
      />
    </FormField>
  );

  return (
    <>
      <FormAlert message={alert} />
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        {text("diagnosisSummary", t("fields.diagnosisSummary"))}
        {text("proposedTreatment", t("fields.proposedTreatment"))}
        {text("included", t("fields.included"), 3, t("fields.includedHint"))}
        <div className="grid gap-4 sm:grid-cols-2">
          {whole("lengthOfStayDays", t("fields.lengthOfStayDays"), MAX_STAY_DAYS)}
          <FormField id="leadDoctor" label={t("fields.leadDoctor")} error={error("leadDoctor")}>
            <Input {...describedBy("leadDoctor", error("leadDoctor"))} {...form.register("leadDoctor")} maxLength={200} />
          </FormField>
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-medium">{t("fields.priceRange")}</legend>
          {whole("priceMin", t("fields.priceMin"))}
          {whole("priceMax", t("fields.priceMax"))}
          <FormField id="currency" label={t("fields.currency")} error={error("currency")}>
            <NativeSelect {...describedBy("currency", error("currency"))} {...form.register("currency")}>
              {PLAN_CURRENCIES.map((currency) => (
                <NativeSelectOption key={currency} value={currency}>
                  {currency}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
        </fieldset>
        <FormField id="validUntil" label={t("fields.validUntil")} error={error("validUntil")}>
          <Input {...describedBy("validUntil", error("validUntil"))} {...form.register("validUntil")} type="date" min={localTomorrow()} />
        </FormField>
        {text("message", t("fields.message"), 4, t("fields.messageHint"))}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={answer.isPending}>
            {answer.isPending ? t("sending") : t("planSubmit")}
          </Button>
          <Button type="button" variant="outline" onClick={onDecline}>
            {t("declineInstead")}
          </Button>
        </div>
      </form>
    </>
  );
}

function DeclineForm({ caseId, onBack }: { caseId: string; onBack: () => void }) {
  const t = useTranslations("partner");
  const errorText = useErrorText();
  const fieldError = useFieldError();
  const answer = useAnswer(caseId);
  const form = useForm({ resolver: zodResolver(declineSchema) });
  const { errors } = form.formState;
  const reasonError = fieldError("reason", errors.reason);
  const onSubmit = form.handleSubmit((body) => answer.mutate({ kind: "decline", body }, { onError: (failure) => showApiError(form, failure, errorText) }));

  return (
    <>
      <FormAlert message={errors.root?.server?.message ?? null} />
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField id="reason" label={t("fields.reason")} error={reasonError}>
          <Textarea {...describedBy("reason", reasonError)} {...form.register("reason")} rows={4} maxLength={bounds.reason} />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="destructive" disabled={answer.isPending}>
            {answer.isPending ? t("sending") : t("declineSubmit")}
          </Button>
          <Button type="button" variant="outline" onClick={onBack}>
            {t("backToPlan")}
          </Button>
        </div>
      </form>
    </>
  );
}

/**
 * The hospital's one request for more time (issue 21): up to 48 hours with a reason, before the
 * deadline; the coordinator sees it. Once used, what was asked is shown instead.
 */
export function ExtensionForm({ caseId, used }: { caseId: string; used: { hours: number; reason: string } | null }) {
  const t = useTranslations("partner");
  const errorText = useErrorText();
  const fieldError = useFieldError();
  const answer = useAnswer(caseId);
  const form = useForm({ resolver: zodResolver(extensionSchema) });
  const { errors } = form.formState;
  const hoursError = fieldError("hours", errors.hours);
  const reasonError = fieldError("reason", errors.reason);
  const onSubmit = form.handleSubmit((body) => answer.mutate({ kind: "extension", body }, { onError: (failure) => showApiError(form, failure, errorText) }));

  if (used)
    return (
      <p className="rounded-md border p-4 text-sm" data-testid="extension-used">
        {t("extension.used", { hours: used.hours, reason: used.reason })}
      </p>
    );
  return (
    <section className="space-y-3 rounded-lg border p-5" data-testid="extension-form">
      <h2 className="text-xl font-semibold">{t("extension.title")}</h2>
      <p className="text-sm text-muted-foreground">{t("extension.intro", { max: MAX_EXTENSION_HOURS })}</p>
      <FormAlert message={errors.root?.server?.message ?? null} />
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField id="hours" label={t("extension.hours")} error={hoursError}>
          <Input
            {...describedBy("hours", hoursError)}
            {...form.register("hours", { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_EXTENSION_HOURS}
            className="max-w-32"
          />
        </FormField>
        <FormField id="extensionReason" label={t("extension.reason")} error={reasonError}>
          <Textarea {...describedBy("extensionReason", reasonError)} {...form.register("reason")} rows={3} maxLength={bounds.reason} />
        </FormField>
        <Button type="submit" variant="outline" disabled={answer.isPending}>
          {answer.isPending ? t("sending") : t("extension.submit")}
        </Button>
      </form>
    </section>
  );
}

/** A datetime-local value (the user's own time) as the ISO instant the API takes; "" when it is no date. */
const localDateTimeToIso = (value: string) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : "");

/** After the patient approved this hospital's plan: the date and time of the appointment, and a note. */
export function AppointmentForm({ caseId, current }: { caseId: string; current: { at: string | null; note: string | null } }) {
  const t = useTranslations("partner");
  const errorText = useErrorText();
  const fieldError = useFieldError();
  const answer = useAnswer(caseId);
  const form = useForm({ resolver: zodResolver(appointmentSchema), defaultValues: { note: current.note ?? "" } });
  const { errors } = form.formState;
  const atError = fieldError("at", errors.at);
  const noteError = fieldError("note", errors.note);
  const onSubmit = form.handleSubmit((body) => answer.mutate({ kind: "appointment", body }, { onError: (failure) => showApiError(form, failure, errorText) }));

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
          <FormAlert message={errors.root?.server?.message ?? null} />
          <FormField id="at" label={t("fields.appointmentAt")} error={atError}>
            <Input {...describedBy("at", atError)} {...form.register("at", { setValueAs: localDateTimeToIso })} type="datetime-local" required />
          </FormField>
          <FormField id="note" label={t("fields.appointmentNote")} error={noteError}>
            <Textarea {...describedBy("note", noteError)} {...form.register("note")} rows={3} maxLength={bounds.note} />
          </FormField>
          <Button type="submit" disabled={answer.isPending}>
            {answer.isPending ? t("sending") : t("appointmentSubmit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
