"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { compressPhoto, isCompressiblePhoto } from "@/client/compress-photo";
import { Checkbox } from "@/components/ui/checkbox";

/** What happened to one chosen photo: being made lighter, or made lighter (the original kept, to switch back). */
export type PhotoCompression = { status: "compressing" } | { status: "compressed"; original: File; compressed: File; sendOriginal: boolean };

interface Chosen {
  id: string;
  file: File;
}

/**
 * Makes each chosen photo lighter as soon as it is added (client/compress-photo.ts), and hands the
 * lighter file to `replace(id, file)` so that the form sends it; `setSendOriginal(id, true)` hands the
 * original back. Photos that are small, undecodable here (HEIC in Chromium) or not made smaller are
 * left alone. Without `replace`, nothing is compressed.
 */
export function usePhotoCompression(files: Chosen[], replace: ((id: string, file: File) => void) | undefined) {
  const [states, setStates] = useState<Record<string, PhotoCompression>>({});
  const started = useRef(new Set<string>());
  const replaceRef = useRef(replace);
  useEffect(() => {
    replaceRef.current = replace;
  }, [replace]);

  useEffect(() => {
    if (!replace) return;
    for (const { id, file } of files) {
      if (started.current.has(id) || !isCompressiblePhoto(file)) continue;
      started.current.add(id);
      setStates((current) => ({ ...current, [id]: { status: "compressing" } }));
      void compressPhoto(file)
        .catch(() => null)
        .then((result) => {
          const lighter = result && result.file !== file ? result.file : null;
          setStates((current) => {
            const next = { ...current };
            if (lighter) next[id] = { status: "compressed", original: file, compressed: lighter, sendOriginal: false };
            else delete next[id];
            return next;
          });
          if (lighter) replaceRef.current?.(id, lighter);
        });
    }
  }, [files, replace]);

  const setSendOriginal = useCallback(
    (id: string, sendOriginal: boolean) => {
      const state = states[id];
      if (state?.status !== "compressed") return;
      setStates((current) => ({ ...current, [id]: { ...state, sendOriginal } }));
      replaceRef.current?.(id, sendOriginal ? state.original : state.compressed);
    },
    [states],
  );

  return { states, setSendOriginal };
}

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
