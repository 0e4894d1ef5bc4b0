"use client";

import * as React from "react";
import { Progress as ProgressPrimitive } from "radix-ui";

import { cn } from "@/lib/utils";

type ProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, "max"> & {
  /** Percentage 0..100; out-of-range values are clamped. null/undefined means indeterminate. */
  value?: number | null;
  indicatorClassName?: string;
};

function clampPercent(value: number | null | undefined): number | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  return Math.min(100, Math.max(0, value));
}

/**
 * Radix sets role="progressbar", aria-valuemin/max/now and aria-valuetext.
 * Give it an accessible name with aria-label or aria-labelledby.
 * The indicator is sized with width from the inline start, so it fills right-to-left in RTL.
 */
function Progress({ className, indicatorClassName, value, ...props }: ProgressProps) {
  const percent = clampPercent(value);
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={percent}
      max={100}
      className={cn("relative flex h-2 w-full overflow-hidden rounded-full bg-muted", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          "h-full bg-primary transition-[width] duration-300 motion-reduce:transition-none",
          percent === null && "w-1/3 animate-pulse",
          indicatorClassName,
        )}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}

export { Progress };
