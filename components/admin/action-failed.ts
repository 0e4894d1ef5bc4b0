"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/client/api";
import { showApiError, useErrorText } from "@/client/errors";
import { toast } from "@/components/ui/use-toast";

/**
 * How a refused change to a case is shown: on the form field it names (with the focus there), or
 * otherwise as a toast with the server's reason in the page's language.
 */
export function useActionFailed() {
  const t = useTranslations("adminCase");
  const errorText = useErrorText();
  return <T extends FieldValues>(error: unknown, form?: UseFormReturn<T>) => {
    if (form && error instanceof ApiError && error.field) return showApiError(form, error, errorText);
    toast({ title: t("actionFailed"), description: errorText(error), variant: "destructive" });
  };
}
