"use client";

import * as React from "react";

import type { ToastVariant } from "@/components/ui/toast";

/** Only one toast is visible at a time: a new toast replaces the current one. */
const TOAST_LIMIT = 1;
/** A dismissed toast stays in the list (closed) this many milliseconds before it is removed. */
export const TOAST_REMOVE_DELAY = 1000000;

export type ToasterToast = {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  /** Overrides the default auto-close duration (TOAST_DURATION) for this toast. */
  duration?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type ToastOptions = Omit<ToasterToast, "id" | "open" | "onOpenChange">;

type ToastState = { toasts: ToasterToast[] };

export type ToastAction =
  | { type: "ADD_TOAST"; toast: ToasterToast }
  | { type: "UPDATE_TOAST"; toast: Partial<ToasterToast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

let count = 0;

function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

/** Pure state transition; timers are handled in `dispatch`. */
export function reducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "ADD_TOAST":
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "DISMISS_TOAST": {
      const { toastId } = action;
      return {
        ...state,
        toasts: state.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)),
      };
    }
    case "REMOVE_TOAST":
      if (action.toastId === undefined) return { ...state, toasts: [] };
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const toastTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function clearRemoveTimer(toastId: string): void {
  const timeout = toastTimeouts.get(toastId);
  if (timeout !== undefined) {
    clearTimeout(timeout);
    toastTimeouts.delete(toastId);
  }
}

function addToRemoveQueue(toastId: string): void {
  if (toastTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    toastTimeouts.delete(toastId);
    dispatch({ type: "REMOVE_TOAST", toastId });
  }, TOAST_REMOVE_DELAY);
  toastTimeouts.set(toastId, timeout);
}

const listeners = new Set<() => void>();
let memoryState: ToastState = { toasts: [] };

function dispatch(action: ToastAction): void {
  const previous = memoryState;
  if (action.type === "DISMISS_TOAST") {
    previous.toasts.filter((t) => action.toastId === undefined || t.id === action.toastId).forEach((t) => addToRemoveQueue(t.id));
  }
  memoryState = reducer(previous, action);
  // Toasts that left the list (replaced because of TOAST_LIMIT, or removed) need no pending timer.
  const remaining = new Set(memoryState.toasts.map((t) => t.id));
  for (const t of previous.toasts) {
    if (!remaining.has(t.id)) clearRemoveTimer(t.id);
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot(): ToastState {
  return memoryState;
}

const serverSnapshot: ToastState = { toasts: [] };

function getServerSnapshot(): ToastState {
  return serverSnapshot;
}

/** Closes one toast (or all when no id is given); it is removed from the list after TOAST_REMOVE_DELAY. */
export function dismissToast(toastId?: string): void {
  dispatch({ type: "DISMISS_TOAST", toastId });
}

type ToastHandle = {
  id: string;
  dismiss: () => void;
  update: (options: Partial<ToastOptions>) => void;
};

/** Shows a toast, replacing any toast currently visible. */
export function toast(options: ToastOptions): ToastHandle {
  const id = genId();
  const update = (next: Partial<ToastOptions>) => dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } });
  const dismiss = () => dismissToast(id);

  dispatch({
    type: "ADD_TOAST",
    toast: {
      ...options,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });

  return { id, dismiss, update };
}

export function useToast(): ToastState & { toast: typeof toast; dismiss: typeof dismissToast } {
  const state = React.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { ...state, toast, dismiss: dismissToast };
}
