import { z } from "zod";
import { localToday } from "@/lib/contracts/dates";

/**
 * A hospital's answer to a case: its treatment plan in the common template, a decline, or, once the
 * patient approved the plan, the appointment. The partner forms (browser) and the partner API (server)
 * check with these same schemas; issue messages are error codes (errors.<code> in messages).
 */

export const PLAN_CURRENCIES = ["USD", "EUR", "GBP", "TRY", "INR", "NGN"] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];

export const MAX_PRICE = 10_000_000;
export const MAX_STAY_DAYS = 365;
export const PLAN_TEXT_MAX = 4000;

const blank = (input: unknown) => input === undefined || input === null || input === "" || (typeof input === "number" && Number.isNaN(input));

const text = (max: number) => z.string({ error: "field_required" }).trim().min(1, "field_required").max(max, "too_long");

/**
 * A whole number in [min, max], refused with one code that names the range ({maximum}); an empty field
 * (absent, or NaN from an empty number input) is "required", anything else that is no number "number_invalid".
 */
const wholeNumber = (min: number, max: number, code: "plan_length_of_stay" | "plan_price" | "extension_hours") =>
  z
    .number({ error: (issue) => (blank(issue.input) ? "field_required" : "number_invalid") })
    .refine((value) => Number.isInteger(value) && value >= min && value <= max, { message: code, params: { maximum: max } });

/**
 * The last day a plan is valid (YYYY-MM-DD), after today. In the browser "today" is the user's own
 * date; the server accepts any date that is still in the future somewhere on earth (the latest time
 * zone, UTC-12), so that no user's local tomorrow is refused.
 */
const futureDate = z
  .string({ error: "field_required" })
  .min(1, "field_required")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "date_invalid")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value; // no 31 February
  }, "date_invalid")
  .refine((value) => value > localToday(new Date(), typeof window === "undefined" ? "Etc/GMT+12" : undefined), "plan_valid_until");

export const planSchema = z
  .object({
    diagnosisSummary: text(PLAN_TEXT_MAX),
    proposedTreatment: text(PLAN_TEXT_MAX),
    included: text(PLAN_TEXT_MAX),
    lengthOfStayDays: wholeNumber(1, MAX_STAY_DAYS, "plan_length_of_stay"),
    priceMin: wholeNumber(1, MAX_PRICE, "plan_price"),
    priceMax: wholeNumber(1, MAX_PRICE, "plan_price"),
    currency: z.enum(PLAN_CURRENCIES, { error: "plan_currency" }),
    validUntil: futureDate,
    leadDoctor: text(200),
    message: z
      .string()
      .trim()
      .max(PLAN_TEXT_MAX, "too_long")
      .optional()
      .transform((value) => value || undefined),
  })
  .refine((plan) => plan.priceMin <= plan.priceMax, { message: "plan_price_order", path: ["priceMax"] });

export type PlanInput = z.input<typeof planSchema>;

export const declineSchema = z.object({ reason: text(2000) });
export type DeclineInput = z.input<typeof declineSchema>;

/** A hospital's one request for more time (POST /api/partner/cases/[id]/extension): up to 48 hours, with its reason. */
export const MAX_EXTENSION_HOURS = 48;
export const extensionSchema = z.object({ hours: wholeNumber(1, MAX_EXTENSION_HOURS, "extension_hours"), reason: text(2000) });
export type ExtensionInput = z.input<typeof extensionSchema>;

export const appointmentSchema = z.object({
  at: z.iso.datetime({ offset: true, error: "appointment_at" }).refine((value) => Date.parse(value) > Date.now(), "appointment_future"),
  note: z
    .string()
    .trim()
    .max(2000, "too_long")
    .optional()
    .transform((value) => value || undefined),
});
export type AppointmentInput = z.input<typeof appointmentSchema>;

export const planStatuses = ["proposed", "accepted", "not_selected"] as const;

/** A treatment plan as every reader (patient, partner, admin) gets it: dates as ISO strings, validUntil as YYYY-MM-DD. */
export const planViewSchema = z.object({
  id: z.string(),
  diagnosisSummary: z.string(),
  proposedTreatment: z.string(),
  included: z.string(),
  lengthOfStayDays: z.number(),
  priceMin: z.number(),
  priceMax: z.number(),
  currency: z.string(),
  validUntil: z.string(),
  leadDoctor: z.string(),
  message: z.string().nullable(),
  status: z.enum(planStatuses),
  decidedAt: z.string().nullable(),
  appointmentAt: z.string().nullable(),
  appointmentNote: z.string().nullable(),
  createdAt: z.string(),
});
export type PlanView = z.infer<typeof planViewSchema>;

/** POST /api/partner/cases/[id]/plan answers 201 with the new plan's id. */
export const planCreatedSchema = z.object({ planId: z.string() });
