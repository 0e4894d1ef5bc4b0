"use client";

import { useState } from "react";
import { TranscriptionList, type TranscriptionPage } from "./transcription-list";
import { UploadCenter } from "./upload-center";

/** /dashboard: the staff member's transcriptions, and the upload center that adds to them. */
export function TranscriptionCenter({ initial, speechConfigured, showUploader }: { initial: TranscriptionPage; speechConfigured: boolean; showUploader: boolean }) {
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <UploadCenter speechConfigured={speechConfigured} onUploaded={() => setReloadKey((key) => key + 1)} />
      <TranscriptionList initial={initial} reloadKey={reloadKey} showUploader={showUploader} />
    </div>
  );
}
