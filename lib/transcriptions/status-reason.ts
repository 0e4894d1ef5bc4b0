import "server-only";
import { createTranslator } from "next-intl";
import { Prisma } from "@/lib/db/generated/client";
import { statusReasonText, type ReasonTranslator, type StatusReason } from "@/lib/contracts/transcription-reasons";
import english from "@/messages/en.json";

const translateEnglish = createTranslator({ locale: "en", messages: english, namespace: "transcriptions" }) as unknown as ReasonTranslator;

/** The reason in English (messages/en.json): the statusReason column, logs, and an EngineError's message. */
export function englishReason(reason: StatusReason): string {
  return statusReasonText(translateEnglish, reason);
}

const MAX_REASON_LENGTH = 2000;

/**
 * The columns that hold a transcription's reason: the English text (for logs and older rows), and the code
 * with its parameters that the pages translate. A plain string is text without a code (shown as it is);
 * null clears all three.
 */
export function reasonColumns(reason: StatusReason | string | null) {
  if (reason === null) return { statusReason: null, statusReasonCode: null, statusReasonParams: Prisma.DbNull };
  if (typeof reason === "string") return { statusReason: reason.slice(0, MAX_REASON_LENGTH), statusReasonCode: null, statusReasonParams: Prisma.DbNull };
  return {
    statusReason: englishReason(reason).slice(0, MAX_REASON_LENGTH),
    statusReasonCode: reason.code,
    statusReasonParams: reason.params ? (limitDetails(reason.params) as Prisma.InputJsonValue) : Prisma.DbNull,
  };
}

/** Technical details are cut as the English text is, so that one odd library message cannot bloat the row. */
function limitDetails(params: NonNullable<StatusReason["params"]>): NonNullable<StatusReason["params"]> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === "string"
        ? value.slice(0, MAX_REASON_LENGTH)
        : typeof value === "object"
          ? { ...value, params: value.params && limitDetails(value.params) }
          : value,
    ]),
  );
}
