import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Guards right-to-left support (Arabic): components must use logical utilities
 * (ms-/me-/ps-/pe-/start-/end-/text-start) instead of physical left/right ones.
 */
const dir = path.join(process.cwd(), "components/ui");
const files = readdirSync(dir).filter((f) => /\.(tsx?|css)$/.test(f));

const physical =
  /(?:^|[\s"'`:])-?(?:ml|mr|pl|pr|left|right|inset-l|inset-r|border-l|border-r|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|scroll-ml|scroll-mr|scroll-pl|scroll-pr)-[\w[(.]|(?:^|[\s"'`:])text-(?:left|right)\b|(?:^|[\s"'`:])(?:left|right)-(?:0|auto|full|px)\b/;

describe("components/ui RTL", () => {
  it("has component files", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)("%s uses logical instead of physical left/right utilities", (file) => {
    const offending = readFileSync(path.join(dir, file), "utf8")
      .split("\n")
      .map((line, i) => ({ line: line.trim(), n: i + 1 }))
      .filter(({ line }) => !/^(?:\/\/|\/\*|\*)/.test(line)) // comments may mention "right-to-left"
      .filter(({ line }) => physical.test(line));
    expect(offending).toEqual([]);
  });
});
