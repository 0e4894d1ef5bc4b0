"use client";

import { useEffect } from "react";

/**
 * While `active` (e.g. files are uploading), closing or reloading the tab asks the browser's own
 * "Leave site?" question first. Browsers show their own wording; only the question is ours to ask.
 */
export function useWarnBeforeLeaving(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}
