"use client";

import type { TranscriptionPage } from "@/lib/contracts/transcriptions";
import { TranscriptionList } from "./transcription-list";
import { UploadCenter } from "./upload-center";

/** /dashboard: the staff member's transcriptions, and the upload center that adds to them (the list follows by itself). */
export function TranscriptionCenter({
  initial,
  speechConfigured,
  showUploader,
}: {
  initial: TranscriptionPage;
  speechConfigured: boolean;
  showUploader: boolean;
}) {
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <UploadCenter speechConfigured={speechConfigured} />
      <TranscriptionList initial={initial} showUploader={showUploader} />
    </div>
  );
}
