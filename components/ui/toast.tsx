"use client";

import * as React from "react";
import { Toast as ToastPrimitive } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";

import { cn } from "@/lib/utils";

/** Each toast auto-closes after this many milliseconds (Radix `duration`). */
const TOAST_DURATION = 5000;
/** Swiping right dismisses a toast (physical direction, also in right-to-left locales). */
const TOAST_SWIPE_DIRECTION = "right" as const;
/** Distance in px a swipe must travel before it dismisses the toast. */
const TOAST_SWIPE_THRESHOLD = 50;
/** Keyboard shortcut that moves focus to the toast region. */
const TOAST_HOTKEY: string[] = ["F8"];

function ToastProvider({
  duration = TOAST_DURATION,
  swipeDirection = TOAST_SWIPE_DIRECTION,
  swipeThreshold = TOAST_SWIPE_THRESHOLD,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Provider>) {
  return <ToastPrimitive.Provider duration={duration} swipeDirection={swipeDirection} swipeThreshold={swipeThreshold} {...props} />;
}

/**
 * The toast region. `label` is read by screen readers when navigating landmarks;
 * `{hotkey}` in it is replaced by Radix with the hotkey (F8). Pass a translated string.
 */
function ToastViewport({ className, hotkey = TOAST_HOTKEY, ...props }: React.ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      hotkey={hotkey}
      className={cn(
        "fixed inset-x-0 top-0 z-[100] flex max-h-dvh w-full flex-col-reverse gap-2 p-4 outline-none sm:start-auto sm:top-auto sm:bottom-0 sm:flex-col md:max-w-[420px]",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  cn(
    "group pointer-events-auto relative flex w-full items-center justify-between gap-3 overflow-hidden rounded-md border py-4 ps-4 pe-12 shadow-lg",
    "data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
    "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none",
    "data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)",
    "motion-reduce:transition-none",
  ),
  {
    variants: {
      variant: {
        default: "border-border bg-card text-card-foreground",
        destructive: "destructive border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: {
      variant: "default",
    },
  },
);

type ToastVariant = NonNullable<VariantProps<typeof toastVariants>["variant"]>;

type ToastProps = React.ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>;

function Toast({ className, variant, ...props }: ToastProps) {
  return <ToastPrimitive.Root data-slot="toast" data-variant={variant ?? "default"} className={cn(toastVariants({ variant }), className)} {...props} />;
}

/** Always visible (no hover-only reveal) so it works on touch screens; `aria-label` defaults to "Close". */
function ToastClose({ className, "aria-label": ariaLabel = "Close", ...props }: React.ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label={ariaLabel}
      className={cn(
        "absolute end-1 top-1 inline-flex size-10 items-center justify-center rounded-md text-foreground/60 transition-colors outline-none",
        "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
        "group-[.destructive]:text-destructive-foreground/80 group-[.destructive]:hover:text-destructive-foreground group-[.destructive]:focus-visible:ring-destructive-foreground",
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}

function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title data-slot="toast-title" className={cn("text-sm font-semibold", className)} {...props} />;
}

function ToastDescription({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description data-slot="toast-description" className={cn("text-sm opacity-90", className)} {...props} />;
}

export { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport };
export type { ToastVariant };
