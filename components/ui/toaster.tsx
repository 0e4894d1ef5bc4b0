"use client";

import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "@/components/ui/toast";
import { useToast } from "@/components/ui/use-toast";

type ToasterProps = {
  /** Screen-reader label of the toast region; `{hotkey}` is replaced with the hotkey (F8). */
  viewportLabel?: string;
  /** Screen-reader label announced with each toast (Radix default "Notification"). */
  toastLabel?: string;
  /** Accessible name of each toast's close button (default "Close"). */
  closeLabel?: string;
};

/** Renders the current toast (at most one: TOAST_LIMIT). Mount once, near the root layout. */
function Toaster({ viewportLabel, toastLabel, closeLabel }: ToasterProps) {
  const { toasts } = useToast();

  return (
    <ToastProvider label={toastLabel}>
      {toasts.map(({ id, title, description, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose aria-label={closeLabel} />
        </Toast>
      ))}
      <ToastViewport label={viewportLabel} />
    </ToastProvider>
  );
}

export { Toaster };
