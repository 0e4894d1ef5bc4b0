import { relativeTime, unreadBadge } from "@/lib/contracts/notifications";

const now = new Date("2026-11-23T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("relativeTime", () => {
  it("says 'Just now' under one minute, also for a clock slightly ahead", () => {
    expect(relativeTime(ago(0), now, "en", "Just now")).toBe("Just now");
    expect(relativeTime(ago(59), now, "en", "Just now")).toBe("Just now");
    expect(relativeTime(ago(-30), now, "en", "Just now")).toBe("Just now");
  });

  it("counts minutes under 60, hours under 24, then days", () => {
    expect(relativeTime(ago(60), now, "en", "Just now")).toBe("1 minute ago");
    expect(relativeTime(ago(59 * 60 + 59), now, "en", "Just now")).toBe("59 minutes ago");
    expect(relativeTime(ago(60 * 60), now, "en", "Just now")).toBe("1 hour ago");
    expect(relativeTime(ago(23 * 3600 + 3599), now, "en", "Just now")).toBe("23 hours ago");
    expect(relativeTime(ago(24 * 3600), now, "en", "Just now")).toBe("1 day ago");
    expect(relativeTime(ago(40 * 24 * 3600), now, "en", "Just now")).toBe("40 days ago");
  });

  it("accepts ISO strings and speaks the reader's language", () => {
    expect(relativeTime(ago(5 * 60).toISOString(), now, "en", "Just now")).toBe("5 minutes ago");
    expect(relativeTime(ago(5 * 60), now, "fr", "À l'instant")).toBe("il y a 5 minutes");
    expect(relativeTime(ago(3 * 3600), now, "tr", "Az önce")).toBe("3 saat önce");
    expect(relativeTime(ago(10), now, "ar", "الآن")).toBe("الآن");
  });
});

describe("unreadBadge", () => {
  it("is hidden at 0 (and never negative), a number up to 9, then 9+", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(-2)).toBeNull();
    expect(unreadBadge(1)).toBe("1");
    expect(unreadBadge(9)).toBe("9");
    expect(unreadBadge(10)).toBe("9+");
    expect(unreadBadge(250)).toBe("9+");
  });
});
