import { Badge, type BadgeVariant } from "@/components/ui/badge";

export type TranscriptionStatus = "queued" | "processing" | "completed" | "failed" | "needs_engine";

const colours: Record<TranscriptionStatus, BadgeVariant> = {
  queued: "blue",
  processing: "yellow",
  completed: "green",
  failed: "red",
  needs_engine: "orange",
};

/** Still on its way: lists and pages refresh while a transcription is in one of these. */
export const isActive = (status: string) => status === "queued" || status === "processing";

/** The status of a transcription; the label names it (colour is never the only cue). */
export function TranscriptionStatusBadge({ status, label }: { status: TranscriptionStatus; label: string }) {
  return (
    <Badge variant={colours[status] ?? "grey"} data-testid="transcription-status" data-status={status}>
      {label}
    </Badge>
  );
}
