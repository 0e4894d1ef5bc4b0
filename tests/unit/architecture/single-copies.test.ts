/** @jest-environment node */
import { readFileSync } from "node:fs";

/**
 * The bundler counts each installed copy of a package as a module of its own: when one dependency pins
 * an older Radix primitive (Prisma Studio once did), npm nests a copy of the newer one inside every Radix
 * component, and each component the browser loads brings its own (the records form carried 8 KiB of
 * copies). package.json's overrides keep one copy; this fails when an install brings a second.
 */
function copiesByPackage(lock: { packages: Record<string, { version?: string }> }, scope: string): Map<string, string[]> {
  const copies = new Map<string, string[]>();
  for (const [location, entry] of Object.entries(lock.packages)) {
    const name = location.split("node_modules/").at(-1)!;
    if (name.startsWith(`${scope}/`)) copies.set(name, [...(copies.get(name) ?? []), `${location}@${entry.version}`]);
  }
  return copies;
}

describe("package-lock.json", () => {
  it("installs one copy of each Radix package", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
    const repeated = [...copiesByPackage(lock, "@radix-ui")].filter(([, locations]) => locations.length > 1);
    expect(repeated).toEqual([]);
  });
});
