import type { ComponentProps } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/** A labelled text input with its hint and error under it; takes react-hook-form's `register(...)` props. */
export function Field({ id, label, error, hint, ...props }: { id: string; label: string; error?: string; hint?: string } & ComponentProps<typeof Input>) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
    </FormField>
  );
}
