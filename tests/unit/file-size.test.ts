import { formatFileSize } from "@/lib/contracts/file-size";

const KB = 1024;
const MB = 1024 * 1024;

describe("formatFileSize", () => {
  test("under 1 MB in whole KB, a non-empty file never reading 0", () => {
    expect(formatFileSize(0, "en")).toBe("0 kB");
    expect(formatFileSize(1, "en")).toBe("1 kB");
    expect(formatFileSize(820 * KB, "en")).toBe("820 kB");
    expect(formatFileSize(1023 * KB, "en")).toBe("1,023 kB");
  });

  test("what would round to 1024 KB is 1 MB, and from 1 MB on one decimal of MB", () => {
    expect(formatFileSize(1023.6 * KB, "en")).toBe("1.0 MB");
    expect(formatFileSize(MB - 1, "en")).toBe("1.0 MB");
    expect(formatFileSize(MB, "en")).toBe("1.0 MB");
    expect(formatFileSize(1.5 * MB, "en")).toBe("1.5 MB");
    expect(formatFileSize(12.34 * MB, "en")).toBe("12.3 MB");
    expect(formatFileSize(500 * MB, "en")).toBe("500.0 MB");
  });

  test("digits, separators and units follow the reader's language", () => {
    expect(formatFileSize(12.5 * MB, "fr")).toMatch(/^12,5\sMo$/);
    expect(formatFileSize(820 * KB, "ru")).toMatch(/^820\sкБ$/);
    expect(formatFileSize(820 * KB, "ar")).toMatch(/كيلوبايت/);
    expect(formatFileSize(2048 * KB, "ar-EG")).toMatch(/^٢٫٠\s/);
  });

  test("a broken size reads as empty, not NaN", () => {
    expect(formatFileSize(Number.NaN, "en")).toBe("0 kB");
    expect(formatFileSize(-5, "en")).toBe("0 kB");
  });
});
