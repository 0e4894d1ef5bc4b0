import { useTranslations } from "next-intl";
import { statusReasonText, type ReasonTranslator } from "@/lib/contracts/transcription-reasons";
import type { TranscriptionListItem } from "@/lib/contracts/transcriptions";

/** Why a transcription failed or waits, in the reader's language; a row from before the codes keeps its English text. */
export function useStatusReasonText(): (item: Pick<TranscriptionListItem, "reason" | "statusReason">) => string | null {
  const t = useTranslations("transcriptions") as unknown as ReasonTranslator;
  return (item) => (item.reason ? statusReasonText(t, item.reason) : item.statusReason);
}
