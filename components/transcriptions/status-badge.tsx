import type { TranscriptionStatus } from "@/lib/contracts/transcriptions";
import { Badge, type BadgeVariant } from "@/components/ui/badge";

const colours: Record<TranscriptionStatus, BadgeVariant> = {
  queued: "blue",
  processing: "yellow",
  completed: "green",
  failed: "red",
  needs_engine: "orange",
};

/** The status of a transcription; the label names it (colour is never the only cue). */
export function TranscriptionStatusBadge({ status, label }: { status: TranscriptionStatus; label: string }) {
  return (
    <Badge variant={colours[status] ?? "grey"} data-testid="transcription-status" data-status={status}>
      {label}
    </Badge>
  );
}
