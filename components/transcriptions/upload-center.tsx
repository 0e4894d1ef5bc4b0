"use client";

import { useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { CheckCircle2, FileAudio, FileText, ShieldCheck, Upload, X } from "lucide-react";
import {
  ACCEPT_ATTRIBUTE,
  checkChosenFile,
  isAudioFileName,
  isUntranscribableAudioName,
  meetingTypes,
  speechLanguages,
  transcriptionConsentTypes,
  type TranscriptionConsentType,
} from "@/lib/transcriptions/upload-rules";
import { formatMegabytes, uploadWithProgress } from "@/client/upload-with-progress";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/use-toast";
import { FieldLabel, SelectField } from "@/components/patient/form-parts";
import { cn } from "@/lib/utils";

type DropState = "idle" | "drag-active" | "accepted" | "rejected";
type RejectCode = "file-invalid-type" | "file-too-large" | "file-too-small" | "too-many-files" | "failed";

const emptyPatient = { patientId: "", medicalRecordNumber: "", attendingPhysician: "", department: "" };
type PatientFields = typeof emptyPatient;

async function errorText(response: Response): Promise<string> {
  const text = await response.text();
  try {
    return (JSON.parse(text) as { error?: string }).error || text;
  } catch {
    return text;
  }
}

/**
 * SPEC's Secure File Upload Center (sections 2, 4, 5): one file, checked here for type and size
 * (the server checks the bytes again), recording information, optional patient information, and
 * the consents. Consents are sent first, one call per ticked consent, then the file with progress.
 */
export function UploadCenter({ speechConfigured, onUploaded }: { speechConfigured: boolean; onUploaded: () => void }) {
  const t = useTranslations("transcriptions");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  const [file, setFile] = useState<File | null>(null);
  const [dropState, setDropState] = useState<DropState>("idle");
  const [rejected, setRejected] = useState<RejectCode | null>(null);
  const [title, setTitle] = useState("");
  const [meetingType, setMeetingType] = useState<string>(meetingTypes[0]);
  const [department, setDepartment] = useState("");
  const [language, setLanguage] = useState<string>(speechLanguages[0]);
  const [patient, setPatient] = useState<PatientFields>(emptyPatient);
  const [consents, setConsents] = useState<Record<TranscriptionConsentType, boolean>>({ recording: false, sharing: false, analysis: false });
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const audio = file !== null && isAudioFileName(file.name);
  const untranscribable = file !== null && isUntranscribableAudioName(file.name);

  function choose(files: File[]) {
    if (pending) return;
    if (files.length === 0) return;
    const code: RejectCode | null = files.length > 1 ? "too-many-files" : checkChosenFile(files[0]);
    if (code) {
      setFile(null);
      setRejected(code);
      setDropState("rejected");
      return;
    }
    const chosen = files[0];
    // The title follows the file name until someone types their own.
    setTitle((current) => (!current || current === file?.name ? chosen.name.slice(0, 200) : current));
    setFile(chosen);
    setRejected(null);
    setDropState("accepted");
  }

  function clearFile() {
    setTitle((current) => (current === file?.name ? "" : current));
    setFile(null);
    setRejected(null);
    setDropState("idle");
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    choose(Array.from(event.dataTransfer.files));
    if (event.dataTransfer.files.length === 0) setDropState(file ? "accepted" : "idle");
  };

  function reset() {
    setFile(null);
    setDropState("idle");
    setRejected(null);
    setTitle("");
    setMeetingType(meetingTypes[0]);
    setDepartment("");
    setLanguage(speechLanguages[0]);
    setPatient(emptyPatient);
    setConsents({ recording: false, sharing: false, analysis: false });
  }

  /** SPEC: the drop zone shows its failed state; the toast carries the server's message, else "Upload failed". */
  function failed(description: string) {
    setRejected("failed");
    setDropState("rejected");
    toast({ title: t("toast.failedTitle"), description: description.trim() || t("toast.failedFallback"), variant: "destructive" });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!file) return void toast({ title: t("toast.noFileTitle"), description: t("toast.noFile"), variant: "destructive" });
    if (!consents.recording) return void toast({ title: t("toast.consentTitle"), description: t("toast.consent"), variant: "destructive" });
    setPending(true);
    setRejected(null);
    setDropState("accepted");
    try {
      // SPEC section 4: consent records first, one per ticked consent; the upload names exactly these.
      const consentIds: string[] = [];
      for (const consentType of transcriptionConsentTypes.filter((type) => consents[type])) {
        const response = await fetch("/api/consent", {
          method: "POST",
          credentials: "include",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ consentType, granted: true }),
        });
        if (!response.ok) return failed(await errorText(response));
        consentIds.push(((await response.json()) as { id: string }).id);
      }
      const patientInfo = Object.fromEntries(Object.entries(patient).filter(([, value]) => value.trim() !== ""));
      // The fields go before the file part (uploadWithProgress appends them first): the server checks them before reading the file.
      const fields: Record<string, string> = { consentIds: consentIds.join(","), title: title.trim() || file.name, meetingType, department: department.trim() };
      if (Object.keys(patientInfo).length > 0) fields.patientInfo = JSON.stringify(patientInfo);
      if (audio) fields.language = language;
      setProgress(0);
      const result = await uploadWithProgress({
        url: "/api/transcriptions",
        fields,
        fileField: "file",
        files: [file],
        onProgress: (perFile) => setProgress(perFile[0] ?? 0),
      });
      if (result.status < 200 || result.status >= 300) {
        const body = result.body as { error?: string } | null;
        return failed(body?.error ?? (result.body === null ? result.text : ""));
      }
      toast({ title: t("toast.successTitle"), description: t("toast.success") });
      reset();
      onUploaded();
    } catch {
      failed("");
    } finally {
      setPending(false);
      setProgress(null);
    }
  }

  const rejectMessage = rejected
    ? {
        "file-invalid-type": t("dropZone.invalidType"),
        "file-too-large": t("dropZone.tooLarge"),
        "file-too-small": t("dropZone.empty"),
        "too-many-files": t("dropZone.oneFile"),
        failed: t("dropZone.failed"),
      }[rejected]
    : null;

  const setPatientField = (name: keyof PatientFields) => (event: { target: { value: string } }) => setPatient((current) => ({ ...current, [name]: event.target.value }));

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-6" aria-labelledby="upload-center-title" noValidate>
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
            onDragOver={(event) => {
              event.preventDefault();
              if (!pending) setDropState("drag-active");
            }}
            onDragLeave={() => setDropState(file ? "accepted" : rejected ? "rejected" : "idle")}
            onDrop={onDrop}
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
            {dropState === "accepted" ? <CheckCircle2 aria-hidden className="h-8 w-8 text-green-700" /> : <Upload aria-hidden className="h-8 w-8 text-primary" />}
            <label htmlFor={inputId} className="cursor-pointer font-medium text-primary underline underline-offset-4">
              {dropState === "drag-active" ? t("dropZone.dropHere") : t("dropZone.choose")}
            </label>
            <p className="text-sm text-muted-foreground">{t("dropZone.types")}</p>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPT_ATTRIBUTE}
              disabled={pending}
              className="sr-only"
              data-testid="transcription-file"
              onChange={(event) => {
                choose(Array.from(event.target.files ?? []));
                if (input.current) input.current.value = "";
              }}
            />
            {rejectMessage && (
              <p role="alert" className="text-sm font-medium text-destructive" data-code={rejected}>
                {rejectMessage}
              </p>
            )}
          </div>
          {file && (
            <div className="rounded-md border bg-card p-3" data-testid="chosen-file">
              <div className="flex items-center gap-3">
                {audio ? <FileAudio aria-hidden className="h-5 w-5 shrink-0 text-muted-foreground" /> : <FileText aria-hidden className="h-5 w-5 shrink-0 text-muted-foreground" />}
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{file.name}</span>
                <span className="shrink-0 text-sm text-muted-foreground">{t("dropZone.sizeMb", { size: formatMegabytes(file.size) })}</span>
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
              {progress !== null && <Progress value={Math.round(progress * 100)} aria-label={t("dropZone.progress", { name: file.name })} className="mt-2" />}
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
          <div className="space-y-1.5 sm:col-span-2">
            <FieldLabel htmlFor="transcription-title">{t("recording.fileTitle")}</FieldLabel>
            <Input id="transcription-title" value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} placeholder={t("recording.fileTitlePlaceholder")} />
          </div>
          <SelectField
            id="transcription-meeting-type"
            label={t("recording.meetingType")}
            value={meetingType}
            onChange={(event) => setMeetingType(event.target.value)}
            options={meetingTypes.map((value) => ({ value, label: t(`meetingType.${value}`) }))}
          />
          <div className="space-y-1.5">
            <FieldLabel htmlFor="transcription-department">{t("recording.department")}</FieldLabel>
            <Input id="transcription-department" value={department} maxLength={100} onChange={(event) => setDepartment(event.target.value)} placeholder={t("recording.departmentPlaceholder")} />
          </div>
          {audio && (
            <>
              <SelectField
                id="transcription-language"
                label={t("recording.language")}
                value={language}
                onChange={(event) => setLanguage(event.target.value)}
                options={speechLanguages.map((value) => ({ value, label: t(`language.${value}`) }))}
              />
              {untranscribable ? (
                <p role="note" className="self-end text-sm text-orange-800 sm:col-span-2" data-testid="speech-engine-note">
                  {t("recording.formatUnsupported")}
                </p>
              ) : (
                <p className={cn("self-end text-sm sm:col-span-2", speechConfigured ? "text-muted-foreground" : "text-orange-800")} data-testid="speech-engine-note">
                  {speechConfigured ? t("recording.speechConfigured") : t("recording.speechMissing")}
                </p>
              )}
            </>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("patient.title")}</CardTitle>
          <CardDescription>{t("patient.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {(["patientId", "medicalRecordNumber", "attendingPhysician", "department"] as const).map((name) => (
            <div key={name} className="space-y-1.5">
              <Label htmlFor={`patient-${name}`}>{t(`patient.${name}`)}</Label>
              <Input id={`patient-${name}`} value={patient[name]} maxLength={name === "attendingPhysician" ? 200 : 100} onChange={setPatientField(name)} />
            </div>
          ))}
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
                  {type === "recording" && <span aria-hidden className="text-destructive"> *</span>}
                </Label>
              </div>
              {type === "recording" && (
                <p className={consents.recording ? "text-sm text-primary" : "text-sm text-destructive"} aria-live="polite">
                  {consents.recording ? t("consent.thanks") : t("consent.required")}
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
