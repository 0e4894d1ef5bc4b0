"use client";

import { useCallback, useEffect, useState } from "react";
import type { OwnSubmission } from "@/lib/submissions/queries";

type State = { status: "loading" } | { status: "ready"; submissions: OwnSubmission[] } | { status: "unauthenticated" } | { status: "error" };

/** GET /api/my-submissions, with a refresh for after an upload (SPEC section 7). */
export function useOwnSubmissions(enabled: boolean) {
  const [state, setState] = useState<State>({ status: "loading" });
  const refresh = useCallback(async () => {
    try {
      const response = await fetch("/api/my-submissions", { credentials: "include", cache: "no-store" });
      if (response.status === 401) return setState({ status: "unauthenticated" });
      if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
      setState({ status: "ready", submissions: (await response.json()) as OwnSubmission[] });
    } catch (error) {
      console.error("Could not load submissions", error);
      setState({ status: "error" });
    }
  }, []);
  useEffect(() => {
    if (!enabled) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading data from the API when the page opens
    void refresh();
  }, [enabled, refresh]);
  return { state, refresh };
}

/** Sends a signed-out visitor to the sign-in page and back here afterwards (SPEC: journey redirects). */
export function signInPath(returnTo: string) {
  return { pathname: "/simple-login.html", query: { next: returnTo } } as const;
}
