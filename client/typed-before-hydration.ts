"use client";

import { useEffect } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { sameFieldValue } from "./form-draft";

/**
 * A pre-rendered form takes typing before its page's scripts have run: they start when it is used
 * (docs/decisions/035-form-pages-start-scripts-on-use.md). react-hook-form keeps what was typed (a
 * registered field changed before the form was ready is read from the page), but what watches the values
 * (what is still needed, a button enabled once the required fields are filled, a field that follows
 * another) has not seen it. This tells them, once, when React has taken the form over.
 */
export function useTypedBeforeHydration<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>) {
  const { getValues, setValue, formState } = form;
  const defaults: Record<string, unknown> = formState.defaultValues ?? {};
  useEffect(() => {
    for (const [name, typed] of Object.entries(getValues())) {
      if (sameFieldValue(typed, defaults[name])) continue;
      // setValue tells the watchers only of a change: the form already holds what was typed.
      setValue(name as Path<T>, defaults[name] as PathValue<T, Path<T>>);
      setValue(name as Path<T>, typed as PathValue<T, Path<T>>, { shouldDirty: true });
    }
    // Once, as React takes the form over: later changes are seen as they happen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
