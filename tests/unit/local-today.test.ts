/** @jest-environment node */
import { localToday } from "@/lib/contracts/dates";

describe("localToday is the date where the user is", () => {
  beforeEach(() => jest.useFakeTimers().setSystemTime(new Date("2026-03-14T23:30:00Z")));
  afterEach(() => jest.useRealTimers());

  test("23:30 UTC is already the next day in Lagos (UTC+1)", () => {
    expect(localToday(undefined, "Africa/Lagos")).toBe("2026-03-15");
  });

  test("and still the same day in UTC and west of it", () => {
    expect(localToday(undefined, "UTC")).toBe("2026-03-14");
    expect(localToday(undefined, "America/Sao_Paulo")).toBe("2026-03-14");
  });

  test("without a time zone it uses the runtime's own (the browser's)", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(localToday()).toBe(localToday(new Date(), zone));
  });
});
