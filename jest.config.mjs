import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Unit and component tests (jsdom). Integration tests run on Node's test runner (tests/integration). */
const config = {
  testEnvironment: "jsdom",
  setupFilesAfterEnv: ["<rootDir>/tests/unit/setup.ts"],
  testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)"],
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    "^server-only$": "<rootDir>/tests/unit/empty-module.ts",
  },
};

const esmPackages = [
  "next-intl",
  "use-intl",
  "intl-messageformat",
  "@formatjs",
  "@schummar",
  "better-auth",
  "@better-auth",
  "@better-fetch",
  "better-call",
  "nanostores",
  "defu",
  "rou3",
  "@noble",
].join("|");

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  // next-intl and its dependencies ship ES modules only: let SWC transform them.
  resolved.transformIgnorePatterns = [`/node_modules/(?!(${esmPackages})/)`, "^.+\\.module\\.(css|sass|scss)$"];
  return resolved;
}
