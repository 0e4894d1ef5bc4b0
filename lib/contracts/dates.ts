/**
 * The user's "today" as YYYY-MM-DD: the calendar date where the user is (the browser's time zone
 * unless one is given), not in UTC. A patient in Lagos at 00:30 local time (23:30 UTC) is already on
 * the next day.
 */
export function localToday(now = new Date(), timeZone?: string): string {
  return calendarDate(timeZone).format(now);
}

// Made once per time zone: making one takes a few milliseconds on a phone, and forms ask while they render.
const calendarDates = new Map<string | undefined, Intl.DateTimeFormat>();
function calendarDate(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = calendarDates.get(timeZone);
  if (!format) calendarDates.set(timeZone, (format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })));
  return format;
}
