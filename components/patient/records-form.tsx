"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { CheckCircle2 } from "lucide-react";
import { Link, useRouter } from "@/lib/i18n/navigation";
import { useSession } from "@/client/use-session";
import { formSpecialtySlugs } from "@/content/specialties";
import { budgets, MAX_FILE_BYTES, MAX_FILES_PER_SUBMISSION, preferredCountryOptions, urgencies } from "@/lib/submissions/rules";
import { uploadWithProgress, UploadNetworkError } from "@/client/upload-with-progress";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { Checkbox } from "@/components/ui/checkbox";
import { toast } from "@/components/ui/use-toast";
import { FileDropZone, toChosenFiles, type ChosenFile } from "./file-drop-zone";
import { FieldLabel, SelectField } from "./form-parts";

const REDIRECT_AFTER_MS = 2000;
const ACCEPT = ".pdf,.jpg,.jpeg,.png,.heic,.heif,.dcm,.zip,.txt,application/pdf,image/jpeg,image/png,image/heic,image/heif,application/dicom,application/zip,text/plain";

const today = () => new Date().toISOString().slice(0, 10);
const emptyFields = () => ({
  name: "",
  email: "",
  phone: "",
  country: "",
  medicalCondition: "",
  specialty: "",
  urgency: "standard",
  preferredCountry: "",
  budget: "",
  message: "",
  homeCountry: "",
  consentFullName: "",
  consentEmail: "",
  consentDate: today(),
});
type Fields = ReturnType<typeof emptyFields>;

/** SPEC's 'Submit Medical Records' card (section 2, Contact / upload; rules in section 5). */
export function RecordsForm() {
  const t = useTranslations("contact");
  const tu = useTranslations("uploads");
  const ts = useTranslations("specialties");
  const session = useSession();
  const router = useRouter();
  const user = session.status === "ready" && session.me.isAuthenticated ? session.me.user : null;

  const [fields, setFields] = useState<Fields>(emptyFields);
  const [consent, setConsent] = useState(false);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ trackingNumber: string } | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  // A link such as /contact?specialty=cardiology opens the form with that specialty chosen.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get("specialty");
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is only known in the browser, after hydration
    if (wanted && (formSpecialtySlugs as readonly string[]).includes(wanted)) setFields((current) => ({ ...current, specialty: wanted }));
  }, []);

  // SPEC: fields are prefilled with the signed-in user's e-mail and username.
  useEffect(() => {
    if (!user) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the session arrives from the server after hydration
    setFields((current) => ({
      ...current,
      name: current.name || user.name || user.username,
      email: current.email || user.email,
      consentEmail: current.consentEmail || user.email,
    }));
  }, [user]);

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  const missing = [
    files.length === 0 && t("missing.files"),
    !fields.name.trim() && t("fields.name"),
    !fields.email.trim() && t("fields.email"),
    !fields.specialty && t("fields.specialty"),
    !fields.urgency && t("fields.urgency"),
    !fields.preferredCountry && t("fields.preferredCountries"),
    !fields.homeCountry.trim() && t("fields.homeCountry"),
    !consent && t("missing.consent"),
    !fields.consentFullName.trim() && t("fields.consentFullName"),
    !fields.consentEmail.trim() && t("fields.consentEmail"),
    !fields.consentDate && t("fields.consentDate"),
  ].filter((item): item is string => Boolean(item));

  function addFiles(added: File[]) {
    setError(null);
    const tooLarge = added.find((file) => file.size > MAX_FILE_BYTES);
    if (tooLarge) setError(tu("tooLarge", { name: tooLarge.name }));
    const fitting = added.filter((file) => file.size <= MAX_FILE_BYTES);
    setFiles((current) => {
      const room = MAX_FILES_PER_SUBMISSION - current.length;
      if (fitting.length > room) setError(tu("tooMany", { max: MAX_FILES_PER_SUBMISSION }));
      return [...current, ...toChosenFiles(fitting.slice(0, Math.max(0, room)))];
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0) {
      toast({ title: t("toast.filesRequiredTitle"), description: t("toast.filesRequired"), variant: "destructive" });
      return;
    }
    if (!fields.specialty) {
      toast({ title: t("toast.specialtyRequiredTitle"), description: t("toast.specialtyRequired"), variant: "destructive" });
      return;
    }
    if (missing.length > 0 || pending) return;
    setPending(true);
    setError(null);
    setProgress(files.map(() => 0));
    const payload: Record<string, string> = {
      patientName: fields.name,
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      country: fields.country,
      homeCountry: fields.homeCountry,
      medicalCondition: fields.medicalCondition,
      title: fields.medicalCondition ? `${fields.medicalCondition} - ${fields.name}` : "",
      specialty: fields.specialty,
      urgency: fields.urgency,
      preferredCountries: JSON.stringify([fields.preferredCountry]),
      budget: fields.budget,
      message: fields.message || (fields.medicalCondition ? t("defaultMessage", { condition: fields.medicalCondition }) : ""),
      patientInfo: JSON.stringify({ name: fields.name, email: fields.email, phone: fields.phone, country: fields.country }),
      consent: "true",
      consentFullName: fields.consentFullName,
      consentEmail: fields.consentEmail,
      consentDate: fields.consentDate,
      locale: document.documentElement.lang,
    };
    try {
      const result = await uploadWithProgress({
        url: user ? "/api/my-submissions" : "/api/medical-submissions",
        fields: payload,
        fileField: "files",
        files: files.map((chosen) => chosen.file),
        headers: { "Idempotency-Key": idempotencyKey },
        onProgress: setProgress,
      });
      const body = result.body as { trackingNumber?: string; error?: string } | null;
      if (result.status < 200 || result.status >= 300 || !body?.trackingNumber) {
        const message = body?.error ?? (user ? t("toast.submissionFailed") : result.text || t("toast.submissionFailed"));
        setError(message);
        toast({ title: user ? t("toast.submissionErrorTitle") : t("toast.submissionFailedTitle"), description: message, variant: "destructive" });
        return;
      }
      toast({ title: t("toast.success"), description: t("toast.successDescription", { trackingNumber: body.trackingNumber }) });
      setIdempotencyKey(crypto.randomUUID());
      if (user) {
        setTimeout(() => router.push("/journey"), REDIRECT_AFTER_MS);
        setDone({ trackingNumber: body.trackingNumber });
        return;
      }
      setFields(emptyFields());
      setConsent(false);
      setFiles([]);
      setDone({ trackingNumber: body.trackingNumber });
    } catch (failure) {
      const name = failure instanceof UploadNetworkError && failure.failedFileIndex !== null ? files[failure.failedFileIndex]?.file.name : null;
      const message = name ? tu("interruptedFile", { name }) : tu("interrupted");
      setError(message);
      toast({ title: user ? t("toast.submissionErrorTitle") : t("toast.submissionFailedTitle"), description: message, variant: "destructive" });
    } finally {
      setPending(false);
      setProgress(null);
    }
  }

  if (done && !user)
    return (
      <div role="status" className="space-y-4 rounded-lg border border-primary/30 bg-secondary p-6">
        <CheckCircle2 aria-hidden className="h-10 w-10 text-primary" />
        <h3 className="text-xl font-semibold">{t("guestSuccess.title")}</h3>
        <p>
          {t("guestSuccess.tracking")} <strong data-testid="tracking-number" className="font-mono text-lg">{done.trackingNumber}</strong>
        </p>
        <p>{t("guestSuccess.contact")}</p>
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

  const field = (name: keyof Fields, options: { required?: boolean; type?: string; autoComplete?: string } = {}) => (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={`records-${name}`} required={options.required}>
        {t(`fields.${name}`)}
      </FieldLabel>
      <Input id={`records-${name}`} value={fields[name]} onChange={set(name)} required={options.required} type={options.type ?? "text"} autoComplete={options.autoComplete} disabled={pending} />
    </div>
  );

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-6" aria-describedby={error ? "records-error" : undefined}>
      <FileDropZone
        files={files}
        onAdd={addFiles}
        onRemove={(id) => setFiles((current) => current.filter((chosen) => chosen.id !== id))}
        progress={progress}
        disabled={pending}
        accept={ACCEPT}
        hint={t("fileHint")}
      />
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={pending}>
        <legend className="mb-2 font-semibold">{t("patientDetails")}</legend>
        {field("name", { required: true, autoComplete: "name" })}
        {field("email", { required: true, type: "email", autoComplete: "email" })}
        {field("phone", { type: "tel", autoComplete: "tel" })}
        {field("country", { autoComplete: "country-name" })}
        {field("homeCountry", { required: true })}
        {field("medicalCondition")}
        <SelectField id="records-specialty" label={t("fields.specialty")} value={fields.specialty} onChange={set("specialty")} required placeholder={t("choose")} options={formSpecialtySlugs.map((slug) => ({ value: slug, label: ts(slug) }))} />
        <SelectField id="records-urgency" label={t("fields.urgency")} value={fields.urgency} onChange={set("urgency")} required options={urgencies.map((value) => ({ value, label: t(`urgency.${value}`) }))} />
        <SelectField
          id="records-preferredCountry"
          label={t("fields.preferredCountries")}
          value={fields.preferredCountry}
          onChange={set("preferredCountry")}
          required
          placeholder={t("choose")}
          options={preferredCountryOptions.map((value) => ({ value, label: t(`countries.${value}`) }))}
        />
        <SelectField id="records-budget" label={t("fields.budget")} value={fields.budget} onChange={set("budget")} placeholder={t("choose")} options={budgets.map((value) => ({ value, label: t(`budgets.${value}`) }))} />
        <div className="space-y-1.5 sm:col-span-2">
          <Label htmlFor="records-message">{t("fields.message")}</Label>
          <Textarea id="records-message" value={fields.message} onChange={set("message")} rows={4} maxLength={5000} />
        </div>
      </fieldset>
      <fieldset className="space-y-4 rounded-lg border p-4" disabled={pending}>
        <legend className="px-1 font-semibold">{t("consent.title")}</legend>
        <p className="text-sm text-muted-foreground">{t("consent.text")}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          {field("consentFullName", { required: true })}
          {field("consentEmail", { required: true, type: "email" })}
          {field("consentDate", { required: true, type: "date" })}
        </div>
        <div className="flex items-start gap-3">
          <Checkbox id="records-consent" checked={consent} onCheckedChange={(value) => setConsent(value === true)} />
          <Label htmlFor="records-consent" className="leading-snug">
            {t("consent.checkbox")}
          </Label>
        </div>
        <p className={consent ? "text-sm text-primary" : "text-sm text-destructive"} aria-live="polite">
          {consent ? t("consent.thanks") : t("consent.required")}
        </p>
      </fieldset>
      {error && (
        <p id="records-error" role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {error}
        </p>
      )}
      {done && user && (
        <p role="status" className="rounded-md bg-secondary p-3 text-sm">
          {t("signedInSuccess", { trackingNumber: done.trackingNumber })}
        </p>
      )}
      <div className="space-y-2">
        <Button type="submit" size="lg" className="w-full" disabled={pending || missing.length > 0 || (!!done && !!user)}>
          {pending ? t("submitting") : t("submit")}
        </Button>
        {missing.length > 0 && !pending && (
          <p className="text-sm text-muted-foreground" data-testid="records-missing">
            {t("stillNeeded", { fields: missing.join(", ") })}
          </p>
        )}
      </div>
    </form>
  );
}
