/**
 * For the few answers read without zod (the marketing pages' header and hospital list, where zod would
 * add 20 KiB or more of script): whether a parsed JSON value is an object, neither null nor an array.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
