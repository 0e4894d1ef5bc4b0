import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";

/** A labelled form control with its error under it (the control gets id, aria-invalid and aria-describedby from the caller). */
export function FormField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      {message}
    </p>
  );
}

/** The attributes that tie a control to its error message. */
export function describedBy(id: string, error?: string) {
  return { id, name: id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
}

/** Posts JSON; resolves to null on success, else the server's `{ error }` text (or null text for a network failure). */
export async function postJson(path: string, body: unknown): Promise<{ ok: true } | { ok: false; error: string | null; status: number }> {
  try {
    const response = await fetch(path, { method: "POST", credentials: "include", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (response.ok) return { ok: true };
    const data = (await response.json().catch(() => ({}))) as { error?: string };
    return { ok: false, error: data.error ?? null, status: response.status };
  } catch {
    return { ok: false, error: null, status: 0 };
  }
}
