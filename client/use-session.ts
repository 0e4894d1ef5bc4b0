"use client";

import { useEffect, useSyncExternalStore } from "react";
import { usePathname } from "next/navigation";
import { parseMe, type MeResponse } from "@/lib/contracts/session";

export type { MeResponse };

/** "unavailable": the server answered 503 (its database is unreachable); nobody is known to be signed out. */
type State = { status: "loading" } | { status: "ready"; me: MeResponse } | { status: "error" } | { status: "unavailable" };

const LOADING: State = { status: "loading" };
let state: State = LOADING;
const listeners = new Set<() => void>();
let inFlight: Promise<MeResponse | null> | null = null;
let lastPath: string | null = null;

function setState(next: State) {
  state = next;
  listeners.forEach((listener) => listener());
}

/**
 * Asks the server who is signed in; several components share one request. Null when the check failed.
 * The header on every page (marketing pages included) reads this small store over GET /api/auth/me
 * rather than the Better Auth client (client/auth-client.ts), which would add about 12 KiB there; the
 * forms that sign in or out use that client and then refresh this store.
 */
export function refreshSession(): Promise<MeResponse | null> {
  inFlight ??= fetch("/api/auth/me", { credentials: "include", cache: "no-store" })
    .then(async (response) => {
      if (response.status === 503) {
        setState({ status: "unavailable" });
        return null;
      }
      if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
      const me = parseMe(await response.json());
      if (!me) throw new Error("The answer of /api/auth/me is not one");
      setState({ status: "ready", me });
      return me;
    })
    .catch((error: unknown) => {
      // An auth-check failure outside the journey page is logged only.
      console.error("Auth check failed", error);
      setState({ status: "error" });
      return null;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export function markSignedOut() {
  setState({ status: "ready", me: { isAuthenticated: false, user: null } });
}

/** The current session, re-checked on each navigation. */
export function useSession(): State {
  const pathname = usePathname();
  useEffect(() => {
    if (pathname === lastPath) return;
    lastPath = pathname;
    void refreshSession();
  }, [pathname]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => LOADING,
  );
}
