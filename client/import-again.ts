/**
 * `load()` (a dynamic import), tried again until it succeeds: when the browser is back online, and every
 * `retryAfterMs` as a dropped connection does not always fire `offline`/`online`. For code a page cannot
 * work without, fetched after the page has loaded, on a phone whose connection may have dropped since
 * (Turbopack fetches a chunk again after a failure).
 */
export function importUntilLoaded<T>(load: () => Promise<T>, retryAfterMs = 10_000): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        const again = () => {
          window.removeEventListener("online", again);
          clearTimeout(timer);
          resolve(importUntilLoaded(load, retryAfterMs));
        };
        window.addEventListener("online", again);
        const timer = setTimeout(again, retryAfterMs);
      }),
  );
}
