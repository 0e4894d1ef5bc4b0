"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { recordKinds, sniff, SNIFF_BYTES, type SniffedType } from "@/lib/contracts/file-types";
import { MAX_FILE_BYTES } from "@/lib/contracts/submission-options";
import type { UploadView } from "@/lib/contracts/uploads";
import { ApiError } from "../api";
import { compressPhoto, isCompressiblePhoto } from "../compress-photo";
import { whenIdle } from "../when-idle";
import { PARALLEL_SMALL_FILES, SMALL_FILE_BYTES } from "./concurrency";
import { forgetPendingFile } from "./pending-uploads";
import type { SendHandle } from "./send-file";

/**
 * Where one chosen file stands: being made lighter (a large photo), checked and ready, on its way (or
 * waiting for the network, or paused by the patient), arrived, or refused.
 */
export type QueueState = "preparing" | "ready" | "queued" | "sending" | "paused" | "offline" | "done" | "refused" | "failed";

export interface QueueItem {
  key: string;
  file: File;
  state: QueueState;
  sent: number;
  bytesPerSecond: number | null;
  uploadId?: string;
  /** A photo made lighter: both versions, `file` being the one to send ("Send the original" switches it). */
  photo?: { original: File; compressed: File };
  /** Why it was refused or failed: an error code (the text comes from `errors.*`) with its params. */
  error?: { code: string; text?: string; params?: Record<string, string | number> };
  /** An image of an imaging series: the list shows the series as one row with one progress bar. */
  group?: QueueGroup;
}

/** A series of images sent together (client/imaging): its key and how it is named. */
export interface QueueGroup {
  key: string;
  label: string;
}

/**
 * The resumable client (tus-js-client, about 25 KiB compressed) is not part of the form's first scripts:
 * it loads once the page is idle, so that it neither delays the page's first paint nor competes with it,
 * and is there before a file is sent, even if the connection has dropped by then.
 */
const loadSender = () => import("./send-file");

let counter = 0;
const newKey = () => `file-${Date.now()}-${counter++}`;

/** The types a queue accepts, and the error code of a refusal (its text names them). */
export interface AcceptedTypes {
  kinds: ReadonlySet<SniffedType["kind"]>;
  refused: string;
}
const records: AcceptedTypes = { kinds: recordKinds, refused: "file_type_refused" };

/** A file's type from its first bytes, as the server will check it: why we do not accept it, if so. */
async function refusalOf(file: File, accepted: AcceptedTypes = records): Promise<QueueItem["error"] | undefined> {
  if (file.size === 0) return { code: "file_empty", params: { name: file.name } };
  if (file.size > MAX_FILE_BYTES) return { code: "file_too_large", params: { name: file.name } };
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const type = sniff(head, file.name);
  return type && accepted.kinds.has(type.kind) ? undefined : { code: accepted.refused, params: { name: file.name } };
}

/**
 * The files a patient chose, checked one by one from their first bytes as they are added (a refused
 * file is marked on its own row), then sent one at a time through the resumable endpoint once the
 * server has announced their uploads.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<QueueItem[]>([]);
  const handles = useRef(new Map<string, SendHandle>());
  // The link's speed as the last requests measured it (per connection): the next file's first request is sized by it.
  const linkSpeed = useRef<number | null>(null);
  const update = useCallback(
    (key: string, patch: Partial<QueueItem>) => setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item))),
    [],
  );

  useEffect(() => whenIdle(() => void loadSender().catch(() => undefined)), []); // a failure shows when a file is sent

  useEffect(() => {
    const running = handles.current;
    return () => running.forEach((handle) => handle.pause());
  }, []);

  /** Makes a large photo lighter (client/compress-photo.ts); it is ready to send either way. */
  const lighten = useCallback(
    async (item: QueueItem) => {
      const result = await compressPhoto(item.file).catch(() => null);
      const lighter = result && result.file !== item.file ? result.file : null;
      update(item.key, lighter ? { state: "ready", file: lighter, photo: { original: item.file, compressed: lighter } } : { state: "ready" });
    },
    [update],
  );

  /**
   * Adds chosen files, each checked from its first bytes at once. With `lighterPhotos`, photos of
   * paper reports over about 1.5 MB are made lighter before they are ready (never a file that must
   * match one already announced: continuing an upload sends the very same bytes). `accepts`: the
   * types accepted, medical records unless told (the transcription center's are others).
   */
  const add = useCallback(
    async (files: File[], options: { uploadIdOf?: (file: File) => string | undefined; lighterPhotos?: boolean; accepts?: AcceptedTypes } = {}) => {
      const added = await Promise.all(
        files.map(async (file): Promise<QueueItem> => {
          const error = await refusalOf(file, options.accepts);
          const state: QueueState = error ? "refused" : options.lighterPhotos && isCompressiblePhoto(file) ? "preparing" : "ready";
          return { key: newKey(), file, state, sent: 0, bytesPerSecond: null, error, uploadId: options.uploadIdOf?.(file) };
        }),
      );
      setItems((list) => [...list, ...added]);
      for (const item of added) if (item.state === "preparing") void lighten(item);
      return added;
    },
    [lighten],
  );

  /** "Send the original" (or the lighter photo again), before the file is sent. */
  const sendOriginal = useCallback(
    (key: string, original: boolean) =>
      setItems((list) =>
        list.map((item) =>
          item.key === key && item.photo && item.state === "ready" ? { ...item, file: original ? item.photo.original : item.photo.compressed } : item,
        ),
      ),
    [],
  );

  const remove = useCallback((key: string) => {
    handles.current.get(key)?.pause();
    handles.current.delete(key);
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  const clear = useCallback(() => setItems([]), []);

  /**
   * Adds files already read and checked elsewhere (the images of a chosen study, client/imaging, each
   * in its series' group; files of a case chosen again to continue); they are ready at once. Returns
   * them, in order.
   */
  const addPrepared = useCallback((files: { file: File; group?: QueueGroup }[]): QueueItem[] => {
    const added = files.map(({ file, group }): QueueItem => ({ key: newKey(), file, state: "ready", sent: 0, bytesPerSecond: null, group }));
    setItems((list) => [...list, ...added]);
    return added;
  }, []);

  /** Sends one item through its upload; resolves true when it arrived whole (else `onFailure` hears why: an ApiError, or what sending threw). */
  const sendOne = useCallback(
    async (item: QueueItem, uploadId: string, onFailure?: (failure: unknown) => void, options: { fresh?: boolean } = {}): Promise<boolean> => {
      try {
        const { sendFile } = await loadSender();
        update(item.key, { uploadId, state: "sending", error: undefined });
        const handle = sendFile(
          item.file,
          uploadId,
          {
            onProgress: ({ sent, bytesPerSecond }) => {
              if (bytesPerSecond) linkSpeed.current = bytesPerSecond;
              update(item.key, { sent, bytesPerSecond });
            },
            onOffline: (offline) =>
              setItems((list) =>
                list.map((entry) => (entry.key === item.key && entry.state !== "paused" ? { ...entry, state: offline ? "offline" : "sending" } : entry)),
              ),
          },
          { ...options, bytesPerSecond: linkSpeed.current },
        );
        handles.current.set(item.key, handle);
        await handle.done;
        update(item.key, { state: "done", sent: item.file.size });
        forgetPendingFile(uploadId);
        return true;
      } catch (failure) {
        const error = failure instanceof ApiError ? { code: failure.code, text: failure.message } : { code: "network" };
        update(item.key, { uploadId, state: failure instanceof ApiError && failure.status >= 400 && failure.status < 500 ? "refused" : "failed", error });
        onFailure?.(failure);
        return false;
      } finally {
        handles.current.delete(item.key);
      }
    },
    [update],
  );

  /**
   * Gives each ready item its announced upload (in the order they were announced) and sends them:
   * small files several at once (PARALLEL_SMALL_FILES), then larger ones one after another. Each is
   * new to the server, so it is created with its first bytes; unless `resumed` (files chosen again
   * after a reload), when each first asks the server how far it got. Resolves with how many arrived.
   */
  const sendAll = useCallback(
    async (ready: QueueItem[], uploads: Pick<UploadView, "id">[], { resumed = false } = {}): Promise<number> => {
      const announced = new Map(ready.map((item, index) => [item.key, uploads[index]?.id]));
      setItems((list) => list.map((item) => (announced.has(item.key) ? { ...item, state: "queued", uploadId: announced.get(item.key) } : item)));
      let arrived = 0;
      const send = async (item: QueueItem) => {
        const uploadId = announced.get(item.key);
        if (uploadId && (await sendOne(item, uploadId, undefined, { fresh: !resumed }))) arrived++;
      };
      const small = ready.filter((item) => item.file.size < SMALL_FILE_BYTES);
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL_SMALL_FILES, small.length) }, async () => {
          while (next < small.length) await send(small[next++]);
        }),
      );
      for (const item of ready) if (item.file.size >= SMALL_FILE_BYTES) await send(item);
      return arrived;
    },
    [sendOne],
  );

  const pause = useCallback(
    (key: string) => {
      handles.current.get(key)?.pause();
      update(key, { state: "paused" });
    },
    [update],
  );

  const resume = useCallback(
    (key: string) => {
      handles.current.get(key)?.resume();
      update(key, { state: "sending" });
    },
    [update],
  );

  /** A file whose sending failed (the connection did not come back in time) goes on from where it stopped. */
  const retry = useCallback(
    (key: string) => {
      const item = items.find((candidate) => candidate.key === key);
      if (item?.uploadId) void sendOne(item, item.uploadId);
    },
    [items, sendOne],
  );

  const sending = items.some((item) => ["queued", "sending", "paused", "offline"].includes(item.state));
  const preparing = items.some((item) => item.state === "preparing");
  return { items, add, addPrepared, remove, clear, sendAll, sendOne, pause, resume, retry, sendOriginal, sending, preparing };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
