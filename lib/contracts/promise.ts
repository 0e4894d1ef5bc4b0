/**
 * The promise to patients, in one place: each partner hospital a case is routed to answers with a
 * treatment plan (or declines) within this many hours. The routing deadline (lib/cases/routing.ts)
 * is computed from it, and every message that states the promise takes it as the ICU argument
 * {hours}: pass promiseValues (tests/unit/promise-messages.test.ts fails on a figure written into a
 * message instead).
 */
export const PLAN_PROMISE_HOURS = 72;

/** The ICU values of every message that states the promise: t("home.heroSubtitle", promiseValues). */
export const promiseValues = { hours: PLAN_PROMISE_HOURS } as const;
