"use client";

import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import { isFolderSelection } from "@/client/imaging/relative-path";
import { useImagingSelection } from "@/client/imaging/use-imaging-selection";
import type { UploadQueue } from "@/client/uploads/use-upload-queue";
import { MAX_FILES_PER_SUBMISSION } from "@/lib/contracts/submission-options";

/**
 * What happens to files a patient chooses (picked, dropped, or a whole folder or CD): every choice is
 * read for imaging first (client/imaging), whose images are grouped into studies and series apart from
 * the case's ordinary files; documents join the upload list; from a folder that held images, whatever
 * is neither (a CD's viewer program) is skipped and counted, while loose files (and a folder of photos)
 * are listed and checked one by one as before. More ordinary files than the case has room for are refused as a whole, with the reason shown
 * where the files were chosen: nothing is dropped silently.
 */
export function useFileChoice(queue: UploadQueue, options: { lighterPhotos?: boolean } = {}) {
  const tu = useTranslations("uploads");
  const te = useTranslations("errors");
  const imaging = useImagingSelection();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { lighterPhotos } = options;

  const choose = useCallback(
    async (files: File[]) => {
      setRefusal(null);
      const found = await imaging.add(files);
      if (!found) {
        setRefusal(te("network"));
        return;
      }
      const { documents, others, images } = found;
      // A folder that held images is a CD or a study: what is neither an image nor a document is the
      // CD's furniture, skipped. Loose files, and a folder of photos, are listed and checked one by one.
      const cd = isFolderSelection(files) && images > 0;
      const kept = new Set(cd ? documents : [...documents, ...others]);
      const loose = files.filter((file) => kept.has(file)); // in the order they were chosen
      if (cd) imaging.addSkipped(others.length);
      const listed = queue.items.filter((item) => !item.group && item.state !== "refused").length;
      const room = MAX_FILES_PER_SUBMISSION - listed;
      if (loose.length > room) {
        setRefusal(tu("tooManyChosen", { count: loose.length, max: MAX_FILES_PER_SUBMISSION, room: Math.max(0, room) }));
        return;
      }
      if (loose.length > 0) await queue.add(loose, { lighterPhotos });
    },
    [imaging, queue, tu, te, lighterPhotos],
  );

  const clear = useCallback(() => {
    imaging.clear();
    setRefusal(null);
  }, [imaging]);

  return { imaging, choose, refusal, clear };
}
