"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Copy, Download, RotateCcw, Trash2 } from "lucide-react";
import { useRouter } from "@/lib/i18n/navigation";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useErrorText } from "@/client/errors";
import { useDeleteTranscription, useRetryTranscription } from "@/client/queries/transcriptions";

/** Copy to the clipboard and download as .txt (built on the server), when there is a transcript. */
export function TranscriptTextActions({ id, text }: { id: string; text: string }) {
  const t = useTranslations("transcriptions");
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast({ title: t("detail.copied") });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: t("detail.copyFailed"), variant: "destructive" });
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" onClick={() => void copy()}>
        <Copy aria-hidden className="h-4 w-4" />
        {copied ? t("detail.copiedShort") : t("detail.copy")}
      </Button>
      <Button asChild variant="outline">
        <a href={`/api/transcriptions/${id}/text`} download>
          <Download aria-hidden className="h-4 w-4" />
          {t("detail.downloadText")}
        </a>
      </Button>
    </div>
  );
}

/** "Try again" on a failed or needs_engine transcript: queues it again, then the page follows its progress. */
export function RetryTranscription({ id }: { id: string }) {
  const t = useTranslations("transcriptions");
  const errorText = useErrorText();
  const retry = useRetryTranscription(id);

  const onClick = () =>
    retry.mutate(undefined, {
      onSuccess: () => toast({ title: t("detail.retried") }),
      onError: (error) => toast({ title: t("detail.retryFailed"), description: errorText(error), variant: "destructive" }),
    });

  return (
    <Button type="button" variant="outline" onClick={onClick} disabled={retry.isPending}>
      <RotateCcw aria-hidden className="h-4 w-4" />
      {retry.isPending ? t("detail.retrying") : t("detail.retry")}
    </Button>
  );
}

/** Deletes the transcription and its stored file, after a confirmation; then back to the list. */
export function DeleteTranscription({ id, title }: { id: string; title: string }) {
  const t = useTranslations("transcriptions");
  const errorText = useErrorText();
  const router = useRouter();
  const remove = useDeleteTranscription(id);
  const [open, setOpen] = useState(false);
  const pending = remove.isPending;

  const onConfirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: t("detail.deleted") });
        router.push("/dashboard");
      },
      onError: (error) => toast({ title: t("detail.deleteFailed"), description: errorText(error), variant: "destructive" }),
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="destructive">
          <Trash2 aria-hidden className="h-4 w-4" />
          {t("detail.delete")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("detail.deleteTitle")}</DialogTitle>
          <DialogDescription>{t("detail.deleteText", { title })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={pending}>
              {t("detail.cancel")}
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? t("detail.deleting") : t("detail.confirmDelete")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
