import { createFormatter } from "next-intl";
import { formatHours } from "@/components/insights/duration";

describe("times on the insights page and the scorecard", () => {
  const english = createFormatter({ locale: "en" });

  it("shows a time under an hour in minutes, never as 0 hours", () => {
    expect(formatHours(english, 0.25)).toBe("15 min");
    expect(formatHours(english, 0.001)).toBe("1 min");
    expect(formatHours(english, 4.46)).toBe("4.5 hr");
    expect(formatHours(english, 0)).toBe("0 hr");
    expect(formatHours(createFormatter({ locale: "fr" }), 0.5)).toMatch(/^30\smin$/);
  });
});
