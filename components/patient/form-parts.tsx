"use client";

import type { ComponentProps, ReactNode } from "react";
import { useTranslations } from "next-intl";
import { nameMessageKey } from "@/lib/contracts/name-messages";
import { useErrorText } from "@/client/errors";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";

export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <Label htmlFor={htmlFor}>
      {children}
      {required && (
        <span aria-hidden className="text-destructive">
          {" "}
          *
        </span>
      )}
    </Label>
  );
}

/** The id of a field's error text, for the field's aria-describedby. */
export const errorIdOf = (fieldId: string) => `${fieldId}-error`;

/**
 * A field's error in the page's language: `message` is an error code (zod issue of a contract, or
 * the server's refusal already in words) or a person-name rule ("nameRules.*"). Pages using it ship
 * the "errors" (always) and "nameRules" namespaces.
 */
export function FieldError({ fieldId, message }: { fieldId: string; message?: string }) {
  const errorText = useErrorText();
  const nameRules = useTranslations("nameRules");
  if (!message) return null;
  const nameRule = nameMessageKey(message);
  return (
    <p id={errorIdOf(fieldId)} className="text-sm text-destructive">
      {nameRule ? nameRules(nameRule) : errorText(message)}
    </p>
  );
}

/** A labelled native select (light and fast on phones), with an optional empty "Choose..." first option. */
export function SelectField({
  id,
  label,
  options,
  placeholder,
  required,
  error,
  ...select
}: {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  required?: boolean;
  error?: string;
} & Omit<ComponentProps<typeof NativeSelect>, "id" | "required">) {
  return (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <NativeSelect id={id} required={required} aria-invalid={error ? true : undefined} aria-describedby={error ? errorIdOf(id) : undefined} {...select}>
        {placeholder !== undefined && <NativeSelectOption value="">{placeholder}</NativeSelectOption>}
        {options.map((option) => (
          <NativeSelectOption key={option.value} value={option.value}>
            {option.label}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
