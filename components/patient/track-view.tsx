"use client";

import { useEffect, useState, type ComponentProps } from "react";
import dynamic from "next/dynamic";
import type { z } from "zod";
import { useLocale, useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import type { trackVerifySchema, TrackRequestInput } from "@/lib/contracts/tracking";
import { lazyZodResolver, preloadResolver } from "@/client/lazy-resolver";
import { useRequestTrackingCode, useTrackedSubmission, useVerifyTrackingCode } from "@/client/queries/tracking";
import { showApiError, useErrorText } from "@/client/errors";
import { useTypedBeforeHydration } from "@/client/typed-before-hydration";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input } from "@/components/ui/input";
import { errorIdOf, FieldError, FieldLabel } from "./form-parts";

const requestContract = async () => (await import("@/lib/contracts/tracking")).trackRequestSchema;
const verifyContract = async () => (await import("@/lib/contracts/tracking")).trackVerifySchema;

const emptyRequest: TrackRequestInput = { trackingNumber: "", email: "" };

// The case's view (plans, history, files) is fetched apart: a visitor who has not verified never needs it.
const loadTrackedSubmission = () => import("./tracked-submission");
const TrackedSubmission = dynamic(() => loadTrackedSubmission().then((module) => module.TrackedSubmission));

/**
 * /track: tracking number + e-mail, then a one-time code sent to that e-mail, then status and history.
 * A guest who verified in the last 30 minutes sees the case again after a reload (the page rendered for
 * their request tells whether a valid tracking cookie came with it: lib/tracking/track-page.ts); when
 * that access has ended (say, when the case is read again after approving a plan) the forms come back.
 */
export function TrackView({ hasTrackCookie }: { hasTrackCookie: boolean }) {
  const t = useTranslations("track");
  const locale = useLocale();
  const errorText = useErrorText();
  const requestCode = useRequestTrackingCode();
  const verifyCode = useVerifyTrackingCode();
  const tracked = useTrackedSubmission(hasTrackCookie || verifyCode.isSuccess);
  const [step, setStep] = useState<"details" | "code">("details");
  // Fetched while the case is being verified or read, so that it is there when the case is. A failed fetch
  // (offline) is not an error yet: showing the case asks for the chunk again.
  useEffect(() => {
    if (hasTrackCookie || step === "code") loadTrackedSubmission().catch(() => undefined);
  }, [hasTrackCookie, step]);

  const requestForm = useForm({ resolver: lazyZodResolver(requestContract, errorText), defaultValues: emptyRequest });
  const verifyForm = useForm({ resolver: lazyZodResolver(verifyContract, errorText), defaultValues: { ...emptyRequest, code: "" } });
  // The page is pre-rendered and shown before its scripts run: its fields take what is typed then (ADR 35);
  // sending waits for React (SubmitButton).
  useTypedBeforeHydration(requestForm);
  const details = useWatch({ control: requestForm.control });
  const code = useWatch({ control: verifyForm.control, name: "code" });

  async function onRequest(body: TrackRequestInput) {
    try {
      await requestCode.mutateAsync({ ...body, locale });
      verifyForm.reset({ trackingNumber: body.trackingNumber, email: body.email, code: "" });
      setStep("code");
    } catch (error) {
      showApiError(requestForm, error, errorText);
    }
  }

  async function onVerify(body: z.output<typeof trackVerifySchema>) {
    try {
      await verifyCode.mutateAsync({ ...body, locale });
    } catch (error) {
      showApiError(verifyForm, error, errorText);
    }
  }

  if (tracked.data && !tracked.isError)
    return (
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <TrackedSubmission tracked={tracked.data} />
      </div>
    );

  const requestErrors = requestForm.formState.errors;
  const verifyErrors = verifyForm.formState.errors;
  // A refusal of the code step that concerns no field shown there (the pair itself) is said above the form.
  const formError =
    step === "details"
      ? requestErrors.root?.server?.message
      : (verifyErrors.root?.server?.message ?? verifyErrors.trackingNumber?.message ?? verifyErrors.email?.message);
  /** A required text field of the forms below, its error (a code or the server's text) under it. */
  const field = (id: string, label: string, error: string | undefined, input: ComponentProps<typeof Input>) => (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input id={id} required {...input} aria-invalid={error ? true : undefined} aria-describedby={error ? errorIdOf(id) : undefined} />
      <FieldError fieldId={id} message={error} />
    </div>
  );

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <p className="text-muted-foreground">{t("intro")}</p>
      {formError && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {errorText(formError)}
        </p>
      )}
      {step === "details" && (
        // Its page starts its scripts when it is used (scripts/static-page-hashes.mjs).
        <form
          method="post"
          onSubmit={requestForm.handleSubmit((body) => onRequest(body))}
          onFocus={() => preloadResolver(requestContract)}
          noValidate
          data-scripts-on-use=""
        >
          <fieldset className="min-w-0 space-y-4">
            {field("track-number", t("trackingNumber"), requestErrors.trackingNumber?.message, {
              ...requestForm.register("trackingNumber"),
              placeholder: "SUB-20261122-XXXXXXXXXX",
              autoComplete: "off",
            })}
            {field("track-email", t("email"), requestErrors.email?.message, { ...requestForm.register("email"), type: "email", autoComplete: "email" })}
            <SubmitButton disabled={requestCode.isPending || !details.trackingNumber?.trim() || !details.email?.trim()}>
              {requestCode.isPending ? t("sending") : t("sendCode")}
            </SubmitButton>
          </fieldset>
        </form>
      )}
      {step === "code" && (
        <form
          method="post"
          onSubmit={verifyForm.handleSubmit((body) => onVerify(body))}
          onFocus={() => preloadResolver(verifyContract)}
          noValidate
          className="space-y-4"
        >
          <p role="status" className="rounded-md bg-secondary p-3 text-sm">
            {t("codeSent")}
          </p>
          {field("track-code", t("code"), verifyErrors.code?.message, {
            ...verifyForm.register("code"),
            inputMode: "numeric",
            maxLength: 6,
            autoComplete: "one-time-code",
          })}
          <div className="flex gap-2">
            <Button type="submit" disabled={verifyCode.isPending || !code?.trim()}>
              {verifyCode.isPending ? t("checking") : t("showSubmission")}
            </Button>
            <Button type="button" variant="outline" onClick={() => setStep("details")}>
              {t("startOver")}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
