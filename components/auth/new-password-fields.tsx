"use client";

import { useTranslations } from "next-intl";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { PASSWORD_MIN_LENGTH } from "@/lib/contracts/auth";
import { Field } from "./field";
import { useFieldText } from "./use-field-text";

type Name = "newPassword" | "confirmPassword";

/** A field for a password being chosen, with the rule as its hint (sign-up, reset, change). */
export function NewPasswordField({ id, label, error, ...registration }: { id: string; label: string; error?: string } & UseFormRegisterReturn) {
  const t = useTranslations("auth");
  return (
    <Field
      id={id}
      label={label}
      type="password"
      autoComplete="new-password"
      hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
      required
      error={error}
      {...registration}
    />
  );
}

/** The new password and its confirmation, as the reset and the change forms ask for them. */
export function NewPasswordFields({ register, errors }: { register: (name: Name) => UseFormRegisterReturn; errors: Partial<Record<Name, FieldError>> }) {
  const t = useTranslations("auth");
  const fieldText = useFieldText();
  return (
    <>
      <NewPasswordField id="newPassword" label={t("newPassword")} error={fieldText(errors.newPassword)} {...register("newPassword")} />
      <Field
        id="confirmPassword"
        label={t("confirmPassword")}
        type="password"
        autoComplete="new-password"
        required
        error={fieldText(errors.confirmPassword)}
        {...register("confirmPassword")}
      />
    </>
  );
}
