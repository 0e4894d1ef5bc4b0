import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and while React takes the page over, true from then on. A control whose
 * work needs the page's scripts is disabled until then: a pre-rendered page shows itself before its
 * scripts start (docs/decisions/028-paint-before-scripts.md), and what React keeps or does (a checkbox
 * it holds the state of, a picker it opens, sending) would be dropped without a word. Text typed and files
 * chosen are kept: useTypedBeforeHydration, FileDropZone (docs/decisions/035-form-pages-start-scripts-on-use.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
