"use client";

import type { ComponentProps } from "react";
import { useHydrated } from "@/client/use-hydrated";
import { Button } from "./button";

/**
 * A form's submit button, disabled until React has taken the form over. On a slow link the page shows
 * before its scripts run (docs/decisions/028-paint-before-scripts.md); what is typed then is kept, but a
 * press (or Enter) would post the page itself, which answers with the same page and its fields empty.
 */
export function SubmitButton({ disabled, ...props }: Omit<ComponentProps<typeof Button>, "type">) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={!hydrated || disabled} {...props} />;
}
