/** The 72-hour answer clock of a routed case: time left until dueAt, or how long it is overdue. */
export function answerClock(dueAt: Date | string, now = new Date()): { overdue: boolean; days: number; hours: number; minutes: number } {
  const difference = new Date(dueAt).getTime() - now.getTime();
  const totalMinutes = Math.floor(Math.abs(difference) / 60_000);
  return { overdue: difference < 0, days: Math.floor(totalMinutes / 1440), hours: Math.floor((totalMinutes % 1440) / 60), minutes: totalMinutes % 60 };
}
