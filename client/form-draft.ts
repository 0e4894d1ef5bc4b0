"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";

const PREFIX = "afya:draft:";
/** Where the draft of the form called `key` is kept in localStorage. */
export const draftStorageKey = (key: string) => PREFIX + key;
/** Whether two values of a form's field are the same (text, lists of text, choices). */
export const sameFieldValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const SAVE_AFTER_MS = 400;
/** A draft older than this is dropped: a shared phone should not keep someone's details for days. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

type DraftValue = string | string[];
interface StoredDraft {
  savedAt: number;
  values: Record<string, DraftValue>;
}

export interface FormDraftOptions {
  /** Fields never stored even though they hold text (e.g. a consent date that must be given anew). */
  exclude?: readonly string[];
}

/**
 * What of a form's values goes into a draft: top-level text fields (strings, lists of strings) that
 * are not excluded. Files, checkboxes (consent), numbers and nested objects are never stored. When no
 * field differs from `start` (the form as it opened: nothing typed yet), there is no draft (null).
 */
export function draftValues(
  values: Record<string, unknown>,
  exclude: readonly string[] = [],
  start: Record<string, unknown> = {},
): Record<string, DraftValue> | null {
  const kept: Record<string, DraftValue> = {};
  let typed = false;
  for (const [name, value] of Object.entries(values)) {
    if (exclude.includes(name)) continue;
    const text = typeof value === "string" || (Array.isArray(value) && value.every((item) => typeof item === "string"));
    if (!text) continue;
    kept[name] = value;
    typed ||= !sameFieldValue(value, start[name] ?? (typeof value === "string" ? "" : []));
  }
  return typed ? kept : null;
}

function read(storageKey: string): Record<string, DraftValue> | null {
  try {
    const raw = window.localStorage.getItem(storageKey);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<StoredDraft>;
    if (typeof draft.savedAt !== "number" || Date.now() - draft.savedAt > MAX_AGE_MS || !draft.values || typeof draft.values !== "object") {
      window.localStorage.removeItem(storageKey);
      return null;
    }
    return draft.values;
  } catch {
    return null;
  }
}

function write(storageKey: string, values: Record<string, DraftValue> | null) {
  try {
    if (values) window.localStorage.setItem(storageKey, JSON.stringify({ savedAt: Date.now(), values } satisfies StoredDraft));
    else window.localStorage.removeItem(storageKey);
  } catch {
    // Storage full or refused (private browsing): the form works on, only without a draft.
  }
}

/**
 * Keeps what someone typed into a react-hook-form form across a reload or a lost tab: restores the
 * saved text fields on mount, saves them to localStorage a moment after each change (and at once when
 * the page is left), and `clear()` drops the draft after a successful submit. Only text fields are
 * stored (see `draftValues`): never files, never the consent checkbox.
 */
export function useFormDraft<T extends FieldValues, C, O>(key: string, form: UseFormReturn<T, C, O>, options: FormDraftOptions = {}) {
  const storageKey = draftStorageKey(key);
  const { getValues, setValue, watch } = form;
  const exclude = useRef(options.exclude ?? []);
  // The form as it opened, before any draft or typing: what counts as "nothing typed" (copied, arrays too).
  const [start] = useState(() =>
    Object.fromEntries(Object.entries(form.formState.defaultValues ?? {}).map(([name, value]) => [name, Array.isArray(value) ? [...value] : value])),
  );
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const save = useCallback(() => write(storageKey, draftValues(getValues(), exclude.current, start)), [storageKey, getValues, start]);

  const flush = useCallback(() => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
    save();
  }, [save]);

  useEffect(() => {
    const current = getValues();
    const saved = read(storageKey);
    if (saved) {
      for (const [name, value] of Object.entries(saved)) {
        // Only fields the form has, of the kind that may be stored, and not typed into before React had
        // the form (useTypedBeforeHydration): what was typed last wins.
        if (!(name in current) || exclude.current.includes(name)) continue;
        if (!sameFieldValue(current[name], start[name])) continue;
        setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true });
      }
    }
    const subscription = watch(() => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        save();
      }, SAVE_AFTER_MS);
    });
    window.addEventListener("pagehide", flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [storageKey, getValues, setValue, watch, flush, save, start]);

  const clear = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    write(storageKey, null);
  }, [storageKey]);

  return { clear };
}
