"use client";

import { useTranslations } from "next-intl";
import { Checkbox } from "@/components/ui/checkbox";

/** What happened to one chosen photo: being made lighter, or made lighter (the original kept, to switch back). */
export type PhotoCompression = { status: "compressing" } | { status: "compressed"; original: File; compressed: File; sendOriginal: boolean };

const oneDecimal = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Under a photo's row: "Making the photo lighter…", then "Saved 3.2 MB (74 %)" and a "Send the original" choice. */
export function PhotoCompressionChoice({
  name,
  state,
  onSendOriginalChange,
  disabled,
}: {
  name: string;
  state: PhotoCompression | undefined;
  onSendOriginalChange: (sendOriginal: boolean) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("uploads");
  if (!state) return null;
  if (state.status === "compressing")
    return (
      <p role="status" className="mt-1 text-sm text-muted-foreground">
        {t("compressing")}
      </p>
    );
  const saved = state.original.size - state.compressed.size;
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
      <p className="text-muted-foreground" data-testid="photo-saving">
        {state.sendOriginal
          ? t("sendingOriginal", { size: oneDecimal(state.original.size) })
          : t("saved", { saved: oneDecimal(saved), percent: saved / state.original.size })}
      </p>
      <label className="inline-flex min-h-10 cursor-pointer items-center gap-2">
        <Checkbox checked={state.sendOriginal} onCheckedChange={(checked) => onSendOriginalChange(checked === true)} disabled={disabled} />
        <span>
          {t("sendOriginal")}
          <span className="sr-only"> ({name})</span>
        </span>
      </label>
    </div>
  );
}
