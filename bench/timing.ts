/** Timing for the query benches: `runs` timed calls after a warm-up, printed with p50, p95 and PASS/FAIL against a target. */

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `work` once to warm up, then `runs` times; prints one line and answers the p95 in ms. */
export async function measure(label: string, work: () => Promise<unknown>, { runs, targetMs, width = 44 }: { runs: number; targetMs: number; width?: number }) {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(
    `  ${label.padEnd(width)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   ${p95 < targetMs ? "PASS" : "FAIL"}`,
  );
  return p95;
}
