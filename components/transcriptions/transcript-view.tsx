"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { ArrowLeft } from "lucide-react";
import { formatTimestamp, patientInfoFields, transcriptAsText, type TranscriptionDetail, type TranscriptSegment } from "@/lib/contracts/transcriptions";
import { Link } from "@/components/i18n/link";
import { useTranscription } from "@/client/queries/transcriptions";
import { formatFileSize } from "@/lib/contracts/file-size";
import { FileName } from "@/components/files/file-name";
import { DicomImageView } from "@/components/imaging/dicom-image-view";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { TranscriptionStatusBadge } from "./status-badge";
import { useStatusReasonText } from "./status-reason";
import { DeleteTranscription, RetryTranscription, TranscriptTextActions } from "./transcript-actions";

/**
 * One transcript: its text with timestamps or pages, the source file, who uploaded it, consents, and
 * actions; starting from what the server rendered, it follows the job while it runs.
 */
export function TranscriptView({ initial }: { initial: TranscriptionDetail }) {
  const t = useTranslations("transcriptions");
  const format = useFormatter();
  const locale = useLocale();
  const { data: item } = useTranscription(initial);
  const reason = useStatusReasonText()(item);
  const dateTime = (value: string) => format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" });
  const fileUrl = `/api/transcriptions/${item.id}/file`;
  const hasText = item.status === "completed" && (item.text ?? "").length > 0;

  const facts: [string, string | null][] = [
    [t("detail.uploadedBy"), item.uploadedBy ? `${item.uploadedBy} · ${dateTime(item.createdAt)}` : dateTime(item.createdAt)],
    [t("recording.meetingType"), t(`meetingType.${item.meetingType}`)],
    [t("recording.department"), item.department],
    [
      item.kind === "audio" ? t("recording.language") : t("recording.documentLanguage"),
      item.language ? (t.has(`language.${item.language}`) ? t(`language.${item.language}`) : item.language) : null,
    ],
    [t("detail.kind"), t(`kind.${item.kind}`)],
    [t("detail.engine"), item.engine],
    [t("detail.completedAt"), item.completedAt ? dateTime(item.completedAt) : null],
  ];
  const patientFacts = patientInfoFields.map((name) => [t(`patient.${name}`), item.patientInfo?.[name] ?? null] as const).filter(([, value]) => value);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <Link href="/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4 rtl:rotate-180" />
        {t("detail.back")}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <h1 className="break-words text-3xl font-bold">{item.title}</h1>
          <div className="flex flex-wrap items-center gap-2">
            <TranscriptionStatusBadge status={item.status} label={t(`status.${item.status}`)} />
            {item.progress && (
              <span className="text-sm text-muted-foreground" data-testid="transcription-progress">
                {t("detail.progress", item.progress)}
              </span>
            )}
            {reason && (
              <span className="text-sm text-muted-foreground" data-testid="transcription-reason">
                {reason}
              </span>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {hasText && <TranscriptTextActions id={item.id} text={transcriptAsText(item)} />}
          {item.retryable && <RetryTranscription id={item.id} />}
          <DeleteTranscription id={item.id} title={item.title} />
        </div>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>{t("detail.transcript")}</CardTitle>
        </CardHeader>
        <CardContent data-testid="transcript">
          {hasText ? (
            <Transcript segments={item.segments} text={item.text ?? ""} pageLabel={(page) => t("detail.page", { page })} />
          ) : (
            <p className="text-muted-foreground">{t(`detail.noText.${item.status}`)}</p>
          )}
        </CardContent>
      </Card>

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("detail.file")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <p className="flex min-w-0 items-baseline gap-1 text-sm">
              <FileName name={item.file.name} className="font-medium" />
              <span className="shrink-0">· {formatFileSize(item.file.size, locale)}</span>
            </p>
            {item.file.available ? (
              <>
                {item.kind === "dicom" ? (
                  <DicomImageView src={fileUrl} name={item.file.name} />
                ) : (
                  <FilePreview kind={item.kind} src={`${fileUrl}?disposition=inline`} name={item.file.name} noPreview={t("detail.noPreview")} />
                )}
                <a
                  href={`${fileUrl}?disposition=attachment`}
                  className="inline-flex min-h-10 items-center rounded-md border px-4 text-sm font-medium text-primary hover:bg-muted"
                >
                  {t("detail.downloadFile")}
                </a>
                <p className="text-sm text-muted-foreground">
                  {t("detail.keptUntil", { date: format.dateTime(new Date(item.file.deleteAfter), { dateStyle: "medium" }) })}
                </p>
              </>
            ) : (
              <p className="text-sm text-muted-foreground">
                {item.file.scanStatus === "infected"
                  ? t("detail.fileQuarantined")
                  : item.file.scanStatus === "pending" && !item.file.deletedAt
                    ? t("detail.fileAwaitingScan")
                    : t("detail.fileDeleted", { date: item.file.deletedAt ? dateTime(item.file.deletedAt) : "—" })}
              </p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("detail.details")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts rows={facts.filter(([, value]) => value)} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("patient.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            {patientFacts.length === 0 ? <p className="text-sm text-muted-foreground">{t("detail.noPatientInfo")}</p> : <Facts rows={patientFacts} />}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("detail.consents")}</CardTitle>
          </CardHeader>
          <CardContent>
            {item.consents.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("detail.noConsents")}</p>
            ) : (
              <ul className="space-y-1 text-sm" data-testid="consents">
                {item.consents.map((consent) => (
                  <li key={`${consent.consentType}-${consent.createdAt}`}>
                    {t(`detail.consentType.${consent.consentType}`)}: {consent.granted ? t("detail.granted") : t("detail.declined")} ·{" "}
                    {dateTime(consent.createdAt)} · {t("detail.version", { version: consent.version })}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** Timestamps (audio) or page headings (PDF) where the engine gave segments; else the plain text. */
function Transcript({ segments, text, pageLabel }: { segments: TranscriptSegment[]; text: string; pageLabel: (page: number) => string }) {
  if (segments.length === 0) return <p className="whitespace-pre-wrap leading-relaxed">{text}</p>;
  return (
    <div className="space-y-2">
      {segments.map((segment, index) => {
        // A page heading where the page changes from the segment before.
        const heading = segment.page !== undefined && segment.page !== segments[index - 1]?.page ? segment.page : undefined;
        return (
          <div key={index} className="space-y-1">
            {heading !== undefined && <h3 className="pt-2 text-sm font-semibold text-muted-foreground">{pageLabel(heading)}</h3>}
            <p className="whitespace-pre-wrap leading-relaxed">
              {segment.start !== undefined && (
                <span className="me-2 font-mono text-xs text-muted-foreground" data-testid="segment-time">
                  {formatTimestamp(segment.start)}
                  {segment.end !== undefined && `–${formatTimestamp(segment.end)}`}
                </span>
              )}
              {segment.text}
            </p>
          </div>
        );
      })}
    </div>
  );
}

function FilePreview({ kind, src, name, noPreview }: { kind: string; src: string; name: string; noPreview: string }) {
  switch (kind) {
    case "image":
      // eslint-disable-next-line @next/next/no-img-element -- an authorized, audited API response, not a static asset
      return <img src={src} alt={name} className="max-h-96 w-auto rounded-md border object-contain" />;
    case "pdf":
      return <iframe src={src} title={name} className="h-96 w-full rounded-md border bg-white" />;
    case "audio":
      return <audio controls preload="metadata" src={src} className="w-full" aria-label={name} />;
    default:
      return <p className="text-sm text-muted-foreground">{noPreview}</p>;
  }
}

/** Label and value pairs, as a definition list. */
function Facts({ rows }: { rows: (readonly [string, string | null])[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
