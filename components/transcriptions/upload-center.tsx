"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useDropzone, type FileRejection } from "react-dropzone";
import { Controller, useForm, type FieldError } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { CheckCircle2, FileAudio, FileText, ShieldCheck, Upload, X } from "lucide-react";
import { NAME_MAX_LENGTH } from "@/lib/contracts/people";
import { nameMessageKey } from "@/lib/contracts/name-messages";
import {
  ACCEPTED_TRANSCRIPTION_FILES,
  defaultSpeechLanguage,
  isAudioFileName,
  isOcrDocumentName,
  MAX_TRANSCRIPTION_BYTES,
  meetingTypes,
  patientInfoFields,
  speechLanguages,
  TEXT_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  transcriptionConsentTypes,
  transcriptionUploadFormSchema,
  type TranscriptionConsentType,
} from "@/lib/contracts/transcriptions";
import { formatFileSize } from "@/lib/contracts/file-size";
import { transcriptionFileKinds } from "@/lib/contracts/file-types";
import type { UploadView } from "@/lib/contracts/uploads";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/client/api";
import { showApiError, useErrorText } from "@/client/errors";
import { transcriptionKeys, useAnnounceTranscription } from "@/client/queries/transcriptions";
import { useUploadQueue, type QueueItem } from "@/client/uploads/use-upload-queue";
import { useWarnBeforeLeaving } from "@/client/warn-before-leaving";
import { UploadQueueList } from "@/components/uploads/upload-queue-list";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { FieldLabel, SelectField } from "@/components/patient/form-parts";
import { FileName } from "@/components/files/file-name";
import { cn } from "@/lib/utils";

type DropState = "idle" | "drag-active" | "accepted" | "rejected";
type RejectCode = "file-invalid-type" | "file-too-large" | "file-too-small" | "too-many-files" | "failed";

type FormInput = z.input<typeof transcriptionUploadFormSchema>;
type FormOutput = z.output<typeof transcriptionUploadFormSchema>;

/** A blank form; the language starts as the interface language's (see defaultSpeechLanguage). */
const emptyForm = (locale: string): FormInput => ({
  title: "",
  meetingType: meetingTypes[0],
  department: "",
  language: defaultSpeechLanguage(locale),
  patientInfo: { patientId: "", medicalRecordNumber: "", attendingPhysician: "", department: "" },
});
const noConsents: Record<TranscriptionConsentType, boolean> = { recording: false, sharing: false, analysis: false };
/** What the transcription center takes, checked from the file's first bytes as the server checks it. */
const transcriptionTypes = { kinds: transcriptionFileKinds, refused: "transcription_invalid_type" } as const;
const patientMaxLength = (name: (typeof patientInfoFields)[number]) => (name === "attendingPhysician" ? NAME_MAX_LENGTH : TEXT_MAX_LENGTH);

/** Why react-dropzone refused what was chosen: several files at once first, then the first rule the file broke. */
function rejectionCode(rejections: readonly FileRejection[]): RejectCode {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (rejections.length > 1 || codes.includes("too-many-files")) return "too-many-files";
  const code = codes[0];
  return code === "file-invalid-type" || code === "file-too-large" || code === "file-too-small" ? code : "file-invalid-type";
}

/**
 * The Secure File Upload Center: one file, checked here for type and size (the server checks the
 * bytes again), recording information and optional patient information (checked with the schema
 * the server parses them with), and the consents. The file's type is checked from its first bytes,
 * then the consents are recorded (one call per ticked consent) and the upload announced with the
 * fields; the file then travels through the resumable upload endpoint, with its progress, speed and
 * a pause button (UploadQueueList), and the transcription is created when its last byte arrives.
 */
export function UploadCenter({ speechConfigured }: { speechConfigured: boolean }) {
  const t = useTranslations("transcriptions");
  const locale = useLocale();
  const tName = useTranslations("nameRules");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const announce = useAnnounceTranscription();
  const queue = useUploadQueue();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(transcriptionUploadFormSchema),
    defaultValues: emptyForm(locale),
    mode: "onTouched",
  });

  const [file, setFile] = useState<File | null>(null);
  const [rejected, setRejected] = useState<RejectCode | null>(null);
  const [consents, setConsents] = useState(noConsents);
  // The server has the ticked consents (they are recorded as the upload is announced): only then are they thanked for.
  const [consentRecorded, setConsentRecorded] = useState(false);
  // While the file's first bytes are read, before the announcement is pending: a second press does nothing.
  const [checking, setChecking] = useState(false);
  const pending = checking || announce.isPending || queue.sending;
  // The page cannot pick the file up again after a reload: leaving while it travels asks first.
  useWarnBeforeLeaving(pending);

  const audio = file !== null && isAudioFileName(file.name);
  // PDFs and images are read by OCR (scanned pages) in the language of the document.
  const document = file !== null && isOcrDocumentName(file.name);

  function choose(accepted: File[], rejections: FileRejection[]) {
    if (accepted.length === 0 && rejections.length === 0) return;
    if (rejections.length > 0 || accepted.length !== 1) {
      setFile(null);
      setRejected(rejectionCode(rejections));
      return;
    }
    const chosen = accepted[0];
    queue.clear();
    // The title follows the file name until someone types their own.
    const title = form.getValues("title");
    if (!title || title === file?.name) form.setValue("title", chosen.name.slice(0, TITLE_MAX_LENGTH));
    setFile(chosen);
    setRejected(null);
  }

  const dropzone = useDropzone({
    accept: ACCEPTED_TRANSCRIPTION_FILES,
    maxSize: MAX_TRANSCRIPTION_BYTES,
    minSize: 1,
    multiple: false,
    disabled: pending,
    // The visible "Choose a file" button opens the picker (keyboard and pointer alike); the zone takes drops.
    noClick: true,
    noKeyboard: true,
    onDrop: choose,
  });
  const dropState: DropState = dropzone.isDragActive ? "drag-active" : rejected ? "rejected" : file ? "accepted" : "idle";

  function clearFile() {
    if (form.getValues("title") === file?.name) form.setValue("title", "");
    queue.clear();
    setFile(null);
    setRejected(null);
  }

  function reset() {
    queue.clear();
    setFile(null);
    setRejected(null);
    form.reset(emptyForm(locale));
    setConsents(noConsents);
    setConsentRecorded(false);
  }

  /** The drop zone shows its failed state; the toast carries the server's message (or the refusal's), else "Upload failed". */
  function failed(error: unknown, refusal?: QueueItem["error"]) {
    setRejected("failed");
    const serverText =
      error instanceof ApiError && error.message !== error.code ? error.message.trim() : refusal ? errorText(refusal.code, refusal.params) : "";
    toast({ title: t("toast.failedTitle"), description: serverText || t("toast.failedFallback"), variant: "destructive" });
    if (error instanceof ApiError && error.field) showApiError(form, error, errorText);
  }

  async function onValid(values: FormOutput) {
    if (pending) return;
    if (!file) return void toast({ title: t("toast.noFileTitle"), description: t("toast.noFile"), variant: "destructive" });
    if (!consents.recording) return void toast({ title: t("toast.consentTitle"), description: t("toast.consent"), variant: "destructive" });
    setRejected(null);
    queue.clear();
    // Its type from its first bytes, as the server checks it, before any consent is recorded.
    setChecking(true);
    const [item] = await queue.add([file], { accepts: transcriptionTypes }).finally(() => setChecking(false));
    if (item.state === "refused") return failed(null, item.error);
    const patientInfo = Object.fromEntries(Object.entries(values.patientInfo).filter((entry): entry is [string, string] => entry[1] !== undefined));
    let upload: UploadView;
    try {
      upload = await announce.mutateAsync({
        file,
        fields: {
          title: values.title ?? file.name,
          meetingType: values.meetingType,
          ...(values.department ? { department: values.department } : {}),
          ...(Object.keys(patientInfo).length > 0 ? { patientInfo } : {}),
          ...((audio || document) && values.language ? { language: values.language } : {}),
        },
        consents: transcriptionConsentTypes.filter((type) => consents[type]),
      });
    } catch (error) {
      queue.clear();
      return failed(error);
    }
    setConsentRecorded(true);
    await send(item, upload.id);
  }

  /** Sends the file through its upload (again from where it stopped, on "Try again"); the transcription exists once it arrived. */
  async function send(item: QueueItem, uploadId: string) {
    let failure: unknown = null;
    const arrived = await queue.sendOne(item, uploadId, (error) => (failure = error));
    if (!arrived) return failed(failure);
    toast({ title: t("toast.successTitle"), description: t("toast.success") });
    reset();
    await queryClient.invalidateQueries({ queryKey: transcriptionKeys.list });
  }

  /** The list's "Try again" continues through this center, so that an arrival is announced here too. */
  const sending = {
    ...queue,
    retry: (key: string) => {
      const item = queue.items.find((candidate) => candidate.key === key);
      if (item?.uploadId) void send(item, item.uploadId);
    },
  };

  /** A field's message: a person-name rule's text, or an error code's (with the field's length limit). */
  const fieldError = (error: FieldError | undefined, maximum: number) => {
    if (!error?.message) return null;
    const nameRule = nameMessageKey(error.message);
    return nameRule ? tName(nameRule, { max: NAME_MAX_LENGTH }) : errorText(error.message, { maximum });
  };

  /** A labelled text input of the form, with its error under it (shown after a blur or a submit). */
  const textField = (
    name: "title" | "department" | `patientInfo.${(typeof patientInfoFields)[number]}`,
    id: string,
    label: string,
    maxLength: number,
    placeholder?: string,
  ) => {
    const error = form.getFieldState(name, form.formState).error;
    return (
      <div key={name} className="space-y-1.5">
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <Input
          id={id}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register(name)}
        />
        <FieldMessage id={id} text={fieldError(error, maxLength)} />
      </div>
    );
  };

  const selectField = (name: "meetingType" | "language", id: string, values: readonly string[], label = t(`recording.${name}`)) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SelectField
          id={id}
          label={label}
          value={field.value ?? values[0]}
          onChange={field.onChange}
          options={values.map((value) => ({ value, label: t(`${name}.${value}`) }))}
        />
      )}
    />
  );

  const rejectMessage = rejected
    ? {
        "file-invalid-type": t("dropZone.invalidType"),
        "file-too-large": t("dropZone.tooLarge"),
        "file-too-small": t("dropZone.empty"),
        "too-many-files": t("dropZone.oneFile"),
        failed: t("dropZone.failed"),
      }[rejected]
    : null;

  return (
    <form method="post" onSubmit={form.handleSubmit(onValid)} className="space-y-6" aria-labelledby="upload-center-title" noValidate>
      <div className="space-y-1">
        <h2 id="upload-center-title" className="flex items-center gap-2 text-xl font-semibold">
          <ShieldCheck aria-hidden className="h-5 w-5 text-primary" />
          {t("upload.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("upload.subtitle")}</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t("dropZone.title")}</CardTitle>
          <CardDescription>{t("dropZone.hint")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <div
            {...dropzone.getRootProps()}
            data-testid="drop-zone"
            data-state={dropState}
            className={cn(
              "flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-8 text-center transition-colors",
              dropState === "drag-active" && "border-primary bg-secondary",
              dropState === "accepted" && "border-green-600 bg-green-50",
              dropState === "rejected" && "border-destructive bg-destructive/5",
              dropState === "idle" && "border-input bg-muted/40",
            )}
          >
            {dropState === "accepted" ? (
              <CheckCircle2 aria-hidden className="h-8 w-8 text-green-700" />
            ) : (
              <Upload aria-hidden className="h-8 w-8 text-primary" />
            )}
            <Button type="button" variant="link" onClick={dropzone.open} disabled={pending} className="h-auto p-0 font-medium underline underline-offset-4">
              {dropState === "drag-active" ? t("dropZone.dropHere") : t("dropZone.choose")}
            </Button>
            <p className="text-sm text-muted-foreground">{t("dropZone.types")}</p>
            <input {...dropzone.getInputProps()} data-testid="transcription-file" />
            {rejectMessage && (
              <p role="alert" className="text-sm font-medium text-destructive" data-code={rejected}>
                {rejectMessage}
              </p>
            )}
          </div>
          <UploadQueueList queue={sending} removable={false} />
          {file && queue.items.length === 0 && (
            <div className="rounded-md border bg-card p-3" data-testid="chosen-file">
              <div className="flex items-center gap-3">
                {audio ? (
                  <FileAudio aria-hidden className="h-5 w-5 shrink-0 text-muted-foreground" />
                ) : (
                  <FileText aria-hidden className="h-5 w-5 shrink-0 text-muted-foreground" />
                )}
                <FileName name={file.name} className="flex-1 text-sm font-medium" />
                <span className="shrink-0 text-sm text-muted-foreground">{formatFileSize(file.size, locale)}</span>
                <button
                  type="button"
                  onClick={clearFile}
                  disabled={pending}
                  aria-label={t("dropZone.remove", { name: file.name })}
                  className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md hover:bg-muted disabled:opacity-50"
                >
                  <X aria-hidden className="h-4 w-4" />
                </button>
              </div>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("recording.title")}</CardTitle>
          <CardDescription>{t("recording.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            {textField("title", "transcription-title", t("recording.fileTitle"), TITLE_MAX_LENGTH, t("recording.fileTitlePlaceholder"))}
          </div>
          {selectField("meetingType", "transcription-meeting-type", meetingTypes)}
          {textField("department", "transcription-department", t("recording.department"), TEXT_MAX_LENGTH, t("recording.departmentPlaceholder"))}
          {audio && (
            <>
              {selectField("language", "transcription-language", speechLanguages)}
              <p
                className={cn("self-end text-sm sm:col-span-2", speechConfigured ? "text-muted-foreground" : "text-orange-800")}
                data-testid="speech-engine-note"
              >
                {speechConfigured ? t("recording.speechConfigured") : t("recording.speechMissing")}
              </p>
            </>
          )}
          {document && selectField("language", "transcription-language", speechLanguages, t("recording.documentLanguage"))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("patient.title")}</CardTitle>
          <CardDescription>{t("patient.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {patientInfoFields.map((name) => textField(`patientInfo.${name}`, `patient-${name}`, t(`patient.${name}`), patientMaxLength(name)))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("consent.title")}</CardTitle>
          <CardDescription>{t("consent.description")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {transcriptionConsentTypes.map((type) => (
            <div key={type} className="space-y-1">
              <div className="flex items-start gap-3">
                <Checkbox
                  id={`consent-${type}`}
                  checked={consents[type]}
                  disabled={pending}
                  onCheckedChange={(value) => setConsents((current) => ({ ...current, [type]: value === true }))}
                />
                <Label htmlFor={`consent-${type}`} className="leading-snug">
                  {t(`consent.${type}`)}
                  {type === "recording" && (
                    <span aria-hidden className="text-destructive">
                      {" "}
                      *
                    </span>
                  )}
                </Label>
              </div>
              {type === "recording" && !consents.recording && <p className="text-sm text-muted-foreground">{t("consent.required")}</p>}
              {type === "recording" && consentRecorded && (
                <p className="text-sm text-primary" role="status">
                  {t("consent.thanks")}
                </p>
              )}
            </div>
          ))}
          <p className="text-sm text-muted-foreground">{t("consent.retention")}</p>
        </CardContent>
      </Card>

      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!file || !consents.recording || pending}>
        {pending ? t("upload.pending") : t("upload.submit")}
      </Button>
    </form>
  );
}

/** A field's error under it (id `<field id>-error`, for aria-describedby). */
function FieldMessage({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive">
      {text}
    </p>
  );
}
