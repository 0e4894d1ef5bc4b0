"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Controller, useForm, useWatch } from "react-hook-form";
import { CheckCircle2 } from "lucide-react";
import { useRouter } from "@/lib/i18n/navigation";
import { Link } from "@/components/i18n/link";
import { useSession } from "@/client/use-session";
import { formSpecialtySlugs } from "@/content/specialties";
import { SPECIALTY_PARAM } from "@/content/paths";
import { localToday } from "@/lib/contracts/dates";
import { budgets, preferredCountryOptions, urgencies } from "@/lib/contracts/submission-options";
import type { SubmissionFields, SubmissionFieldsInput } from "@/lib/contracts/submissions";
import { lazyZodResolver, preloadResolver } from "@/client/lazy-resolver";
import { useSubmitRecords } from "@/client/queries/submissions";
import { PENDING_UPLOADS_KEY, rememberPendingSubmission, usePendingSubmission, type PendingSubmission } from "@/client/uploads/pending-uploads";
import { useUploadQueue } from "@/client/uploads/use-upload-queue";
import { ContinueUploads } from "@/components/uploads/continue-uploads";
import { UploadQueueList } from "@/components/uploads/upload-queue-list";
import { showApiError, useErrorText } from "@/client/errors";
import { draftStorageKey, useFormDraft } from "@/client/form-draft";
import { useHydrated } from "@/client/use-hydrated";
import { useTypedBeforeHydration } from "@/client/typed-before-hydration";
import { useWarnBeforeLeaving } from "@/client/warn-before-leaving";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { Checkbox } from "@/components/ui/checkbox";
import { toast } from "@/components/ui/use-toast";
import { ImagingSummary } from "@/components/uploads/imaging-summary";
import { seriesGroups } from "@/components/uploads/series-groups";
import { useFileChoice } from "@/components/uploads/use-file-choice";
import { FileDropZone } from "./file-drop-zone";
import { errorIdOf, FieldError, FieldLabel, SelectField } from "./form-parts";
import { promiseValues } from "@/lib/contracts/promise";

const REDIRECT_AFTER_MS = 2000;
const DRAFT = "records";
// What the form shows before it is touched, which its page's scripts must start for (scripts/static-page-hashes.mjs).
const SHOWN_UNTOUCHED = `?${SPECIALTY_PARAM} ${draftStorageKey(DRAFT)} ${PENDING_UPLOADS_KEY}`;
const recordsContract = async () => (await import("@/lib/contracts/submissions")).submissionFieldsSchema;
const ACCEPT =
  ".pdf,.jpg,.jpeg,.png,.heic,.heif,.dcm,.zip,.txt,application/pdf,image/jpeg,image/png,image/heic,image/heif,application/dicom,application/zip,text/plain";

const emptyFields = (): Partial<SubmissionFieldsInput> => ({
  patientName: "",
  email: "",
  phone: "",
  country: "",
  medicalCondition: "",
  urgency: "standard",
  preferredCountries: [],
  message: "",
  homeCountry: "",
  consentFullName: "",
  consentEmail: "",
  consentDate: localToday(),
});

/** An empty choice of a select is no value at all (the schema then says what is missing). */
const choice = (value: string) => value || undefined;

type TextField = "patientName" | "email" | "phone" | "country" | "homeCountry" | "medicalCondition" | "consentFullName" | "consentEmail" | "consentDate";

/**
 * The 'Submit Medical Records' card. Its fields are checked in the browser with the schema the
 * server parses them with; a refusal of the server is shown on the field it names.
 */
export function RecordsForm() {
  const t = useTranslations("contact");
  const tu = useTranslations("uploads");
  const ts = useTranslations("specialties");
  const errorText = useErrorText();
  const session = useSession();
  const router = useRouter();
  const user = session.status === "ready" && session.me.isAuthenticated ? session.me.user : null;

  const [defaultValues] = useState(emptyFields);
  const form = useForm<SubmissionFieldsInput, unknown, SubmissionFields>({ resolver: lazyZodResolver(recordsContract, errorText), defaultValues });
  const { register, control, formState, setValue, getValues, getFieldState } = form;
  const values = useWatch({ control });
  const queue = useUploadQueue();
  const files = queue.items.filter((item) => item.state === "ready" && !item.group);
  const picker = useFileChoice(queue, { lighterPhotos: true });
  const { imaging } = picker;
  const [done, setDone] = useState<{ trackingNumber: string } | null>(null);
  // The case exists and its files are on their way (or some did not arrive).
  const [sending, setSending] = useState<{ trackingNumber: string; incomplete: boolean } | null>(null);
  // Files of an earlier submission from this browser that did not all arrive: offered to continue (and
  // still shown, saying so, once they have arrived and the browser has forgotten them).
  const pendingSubmission = usePendingSubmission();
  const [unfinished, setUnfinished] = useState<PendingSubmission | null>(null);
  if (pendingSubmission && !sending && pendingSubmission.submissionId !== unfinished?.submissionId) setUnfinished(pendingSubmission);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const submit = useSubmitRecords();
  const pending = submit.isPending || queue.sending;
  // Text fields, selects and files take what is typed or chosen before the form is React's (ADR 35). The
  // consent and the countries (their state is React's) and sending wait for React: they would be lost (ADR 28).
  const hydrated = useHydrated();
  useTypedBeforeHydration(form);
  // What was typed survives a reload (text fields only: not the files, not the consent or its date).
  const draft = useFormDraft(DRAFT, form, { exclude: ["consent", "consentDate"] });
  useWarnBeforeLeaving(pending);

  // A link such as /contact?specialty=cardiology opens the form with that specialty chosen.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get(SPECIALTY_PARAM);
    const slug = formSpecialtySlugs.find((candidate) => candidate === wanted);
    if (slug) setValue("specialty", slug);
  }, [setValue]);

  // The consent is the patient's unless someone else signs it: its name and e-mail follow the patient's
  // details until they are changed by hand.
  const { patientName, email: patientEmail } = values;
  useEffect(() => {
    if (!getFieldState("consentFullName", formState).isDirty) setValue("consentFullName", patientName ?? "");
    if (!getFieldState("consentEmail", formState).isDirty) setValue("consentEmail", patientEmail ?? "");
  }, [patientName, patientEmail, getFieldState, formState, setValue]);

  // A signed-in patient's name and e-mail are filled in from the account.
  useEffect(() => {
    if (!user) return;
    if (!getValues("patientName")) setValue("patientName", user.name || user.username);
    if (!getValues("email")) setValue("email", user.email);
  }, [user, getValues, setValue]);

  const filled = (value: string | undefined) => Boolean(value?.trim());
  const missing = [
    files.length === 0 && imaging.toSend.length === 0 && t("missing.files"),
    queue.preparing && tu("compressing"),
    imaging.reading && tu("imaging.stillReading"),
    imaging.problems.length > 0 && tu("imaging.overLimits"),
    !filled(values.patientName) && t("fields.name"),
    !filled(values.email) && t("fields.email"),
    !values.specialty && t("fields.specialty"),
    !values.urgency && t("fields.urgency"),
    !values.preferredCountries?.length && t("fields.preferredCountries"),
    !filled(values.homeCountry) && t("fields.homeCountry"),
    values.consent !== true && t("missing.consent"),
    !filled(values.consentFullName) && t("fields.consentFullName"),
    !filled(values.consentEmail) && t("fields.consentEmail"),
    !values.consentDate && t("fields.consentDate"),
  ].filter((item): item is string => Boolean(item));

  const failed = (message: string) =>
    toast({ title: user ? t("toast.submissionErrorTitle") : t("toast.submissionFailedTitle"), description: message, variant: "destructive" });

  /**
   * The case is created first (fields, consent and the list of files, all checked before any file
   * travels), then each file goes on its own through its resumable upload.
   */
  async function send(fields: SubmissionFields) {
    const images = imaging.toSend;
    if (files.length === 0 && images.length === 0) {
      toast({ title: t("toast.filesRequiredTitle"), description: t("toast.filesRequired"), variant: "destructive" });
      return;
    }
    if (imaging.problems.length > 0 || imaging.reading) return;
    const condition = fields.medicalCondition ?? "";
    const payload = {
      ...fields,
      preferredCountries: getValues("preferredCountries"),
      title: condition ? `${condition} - ${fields.patientName}` : undefined,
      message: fields.message || (condition ? t("defaultMessage", { condition }) : undefined),
      locale: document.documentElement.lang,
    };
    let created;
    try {
      const announced = [
        ...files.map(({ file }) => ({ name: file.name, size: file.size })),
        ...images.map(({ file, study }) => ({ name: file.name, size: file.size, study })),
      ];
      created = await submit.mutateAsync({ fields: payload, files: announced, idempotencyKey });
    } catch (failure) {
      showApiError(form, failure, errorText);
      failed(errorText(failure));
      return;
    }
    // First: the page is now sending this case's files (not offering to continue them).
    setSending({ trackingNumber: created.trackingNumber, incomplete: false });
    setIdempotencyKey(crypto.randomUUID());
    draft.clear();
    // The images travel as the series the patient saw, one row each in the list.
    const all = [...files, ...queue.addPrepared(seriesGroups(imaging.kept, images))];
    picker.clear();
    await rememberPendingSubmission(created, created.uploads, all);
    const arrived = await queue.sendAll(all, created.uploads);
    if (arrived < all.length) {
      setSending({ trackingNumber: created.trackingNumber, incomplete: true });
      failed(tu("someMissing", { count: all.length - arrived }));
      return;
    }
    setSending(null);
    toast({ title: t("toast.success"), description: t("toast.successDescription", { trackingNumber: created.trackingNumber }) });
    setDone({ trackingNumber: created.trackingNumber });
    if (user) {
      setTimeout(() => router.push("/journey"), REDIRECT_AFTER_MS);
      return;
    }
    form.reset(emptyFields());
    queue.clear();
  }

  if (done && !user)
    return (
      <div role="status" className="space-y-4 rounded-lg border border-primary/30 bg-secondary p-6">
        <CheckCircle2 aria-hidden className="h-10 w-10 text-primary" />
        <h3 className="text-xl font-semibold">{t("guestSuccess.title")}</h3>
        <p>
          {t("guestSuccess.tracking")}{" "}
          <strong data-testid="tracking-number" className="font-mono text-lg">
            {done.trackingNumber}
          </strong>
        </p>
        <p>{t("consent.thanks")}</p>
        <p data-testid="guest-success-promise">{t("guestSuccess.contact", promiseValues)}</p>
        <p className="text-sm text-muted-foreground">{t("guestSuccess.trackHint")}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link href="/simple-signup.html">{t("guestSuccess.signUp")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/track">{t("guestSuccess.track")}</Link>
          </Button>
          <Button variant="ghost" onClick={() => setDone(null)}>
            {t("guestSuccess.another")}
          </Button>
        </div>
      </div>
    );

  const errorOf = (name: keyof SubmissionFieldsInput) => formState.errors[name]?.message;
  const field = (name: TextField, options: { label?: string; required?: boolean; type?: string; autoComplete?: string; maxLength?: number } = {}) => {
    const id = `records-${name}`;
    const error = errorOf(name);
    return (
      <div className="space-y-1.5">
        <FieldLabel htmlFor={id} required={options.required}>
          {t(`fields.${options.label ?? name}`)}
        </FieldLabel>
        <Input
          id={id}
          {...register(name)}
          required={options.required}
          type={options.type ?? "text"}
          autoComplete={options.autoComplete}
          maxLength={options.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorIdOf(id) : undefined}
        />
        <FieldError fieldId={id} message={error} />
      </div>
    );
  };
  const serverError = formState.errors.root?.server?.message;

  return (
    <form
      method="post"
      onSubmit={form.handleSubmit(send)}
      onFocus={() => preloadResolver(recordsContract)}
      noValidate
      className="space-y-6"
      aria-describedby={serverError ? "records-error" : undefined}
      // Its page starts its scripts when it is used, or at once for what it shows untouched.
      data-scripts-on-use={SHOWN_UNTOUCHED}
    >
      {unfinished && !sending && <ContinueUploads pending={unfinished} />}
      {sending && (
        <p role="status" className="rounded-md bg-secondary p-3 text-sm break-words" data-testid="records-sending">
          {sending.incomplete
            ? tu("caseCreatedIncomplete", { trackingNumber: sending.trackingNumber })
            : tu("caseCreatedSending", { trackingNumber: sending.trackingNumber })}
        </p>
      )}
      {!sending && (
        <FileDropZone onAdd={(added) => void picker.choose(added)} disabled={pending} accept={ACCEPT} hint={t("fileHint")} refusal={picker.refusal} />
      )}
      {!sending && <ImagingSummary imaging={imaging} disabled={pending} onClear={picker.clear} />}
      <UploadQueueList queue={queue} removable={!sending} />
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2" disabled={pending || !!sending}>
        <legend className="mb-2 font-semibold">{t("patientDetails")}</legend>
        {field("patientName", { label: "name", required: true, autoComplete: "name" })}
        {field("email", { required: true, type: "email", autoComplete: "email", maxLength: 254 })}
        {field("phone", { type: "tel", autoComplete: "tel", maxLength: 40 })}
        {field("country", { autoComplete: "country-name", maxLength: 100 })}
        {field("homeCountry", { required: true, maxLength: 100 })}
        {field("medicalCondition", { maxLength: 2000 })}
        <SelectField
          id="records-specialty"
          label={t("fields.specialty")}
          {...register("specialty", { setValueAs: choice })}
          error={errorOf("specialty")}
          required
          placeholder={t("choose")}
          options={formSpecialtySlugs.map((slug) => ({ value: slug, label: ts(slug) }))}
        />
        <SelectField
          id="records-urgency"
          label={t("fields.urgency")}
          {...register("urgency")}
          error={errorOf("urgency")}
          required
          options={urgencies.map((value) => ({ value, label: t(`urgency.${value}`) }))}
        />
        <Controller
          control={control}
          name="preferredCountries"
          render={({ field: { value, onChange, ...select }, fieldState }) => (
            <SelectField
              id="records-preferredCountries"
              label={t("fields.preferredCountries")}
              {...select}
              value={value?.[0] ?? ""}
              onChange={(event) => onChange(event.target.value ? [event.target.value] : [])}
              disabled={!hydrated}
              error={fieldState.error?.message}
              required
              placeholder={t("choose")}
              options={preferredCountryOptions.map((option) => ({ value: option, label: t(`countries.${option}`) }))}
            />
          )}
        />
        <SelectField
          id="records-budget"
          label={t("fields.budget")}
          {...register("budget", { setValueAs: choice })}
          error={errorOf("budget")}
          placeholder={t("choose")}
          options={budgets.map((value) => ({ value, label: t(`budgets.${value}`) }))}
        />
        <div className="space-y-1.5 sm:col-span-2">
          <Label htmlFor="records-message">{t("fields.message")}</Label>
          <Textarea id="records-message" {...register("message")} rows={4} maxLength={5000} />
        </div>
      </fieldset>
      <fieldset className="min-w-0 space-y-4 rounded-lg border p-4" disabled={pending || !!sending}>
        <legend className="px-1 font-semibold">{t("consent.title")}</legend>
        <p className="text-sm text-muted-foreground">{t("consent.text")}</p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {field("consentFullName", { required: true })}
          {field("consentEmail", { required: true, type: "email", maxLength: 254 })}
          {field("consentDate", { required: true, type: "date" })}
        </div>
        <Controller
          control={control}
          name="consent"
          render={({ field: { value, onChange, ref, onBlur } }) => (
            <div className="flex items-start gap-3">
              <Checkbox
                id="records-consent"
                ref={ref}
                onBlur={onBlur}
                checked={value === true}
                disabled={!hydrated}
                onCheckedChange={(checked) => onChange(checked === true ? true : undefined)}
              />
              <Label htmlFor="records-consent" className="leading-snug">
                {t("consent.checkbox")}
              </Label>
            </div>
          )}
        />
        {/* Said only once the server has the case, which records the consent with it. */}
        {sending && (
          <p role="status" className="text-sm text-primary">
            {t("consent.thanks")}
          </p>
        )}
      </fieldset>
      {serverError && (
        <p id="records-error" role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words text-destructive">
          {serverError}
        </p>
      )}
      {done && user && (
        <p role="status" className="rounded-md bg-secondary p-3 text-sm">
          {t("signedInSuccess", { trackingNumber: done.trackingNumber })}
        </p>
      )}
      <div className="space-y-2">
        <SubmitButton size="lg" className="w-full" disabled={pending || !!sending || missing.length > 0 || (!!done && !!user)}>
          {pending ? t("submitting") : t("submit")}
        </SubmitButton>
        {/* Not while the case's files travel or once it is sent: the picked files have moved to the upload list. */}
        {missing.length > 0 && !pending && !sending && !done && (
          <p className="text-sm text-muted-foreground" data-testid="records-missing">
            {t("stillNeeded", { fields: missing.join(", ") })}
          </p>
        )}
      </div>
    </form>
  );
}
