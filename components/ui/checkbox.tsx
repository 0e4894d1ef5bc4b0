import * as React from "react";
import { Check } from "lucide-react";

import { cn } from "@/lib/utils";

/**
 * A native checkbox drawn as a 20px box. The input itself, transparent, covers 40x40px around the box, so it
 * is easy to tap on a phone without changing the layout. Native, it measures nothing while the page starts:
 * Radix's checkbox measured itself in React's first commit, a forced layout of the whole page (ADR 32).
 * The wrapper is a `peer`, so a Label after it is dimmed whenever the input is disabled, itself or by a fieldset.
 */
function Checkbox({
  className,
  onCheckedChange,
  ...props
}: Omit<React.ComponentProps<"input">, "type" | "onChange"> & { onCheckedChange?: (checked: boolean) => void }) {
  return (
    <span data-slot="checkbox" className={cn("peer relative inline-flex size-5 shrink-0", className)}>
      <input
        type="checkbox"
        className="peer absolute -inset-2.5 z-10 m-0 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
        onChange={(event) => onCheckedChange?.(event.target.checked)}
        {...props}
      />
      <span
        aria-hidden="true"
        className={cn(
          "pointer-events-none flex size-5 items-center justify-center rounded-sm border border-input bg-background shadow-xs transition-shadow",
          "peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background",
          "peer-disabled:opacity-50",
          "peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground [&>svg]:hidden peer-checked:[&>svg]:block",
          "peer-aria-invalid:border-destructive peer-aria-invalid:ring-2 peer-aria-invalid:ring-destructive/20",
        )}
      >
        <Check className="size-4" strokeWidth={3} />
      </span>
    </span>
  );
}

export { Checkbox };
