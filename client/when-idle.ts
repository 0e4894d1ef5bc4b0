/**
 * Runs `task` once the page has nothing more urgent to do (after it has painted and hydrated), or after
 * `timeout` milliseconds at the latest. Returns a cancel function, as an effect's cleanup.
 */
export function whenIdle(task: () => void, timeout = 3000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1); // Safari before 18 has no requestIdleCallback
  return () => clearTimeout(id);
}
