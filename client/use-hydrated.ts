import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and while React takes the page over, true from then on. A control whose
 * work needs the page's scripts is disabled until then: a pre-rendered page shows itself before its
 * scripts start (docs/decisions/028-paint-before-scripts.md), and a file chosen or a word typed into a
 * form React has not taken over yet would be dropped without a word.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
