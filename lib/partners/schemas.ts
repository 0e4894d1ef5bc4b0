import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from "@/lib/contracts/auth";
import { personName } from "@/lib/contracts/people";

/** Input rules shared by the partner forms (browser) and the partner and admin APIs (server). */

export const PLAN_CURRENCIES = ["USD", "EUR", "GBP", "TRY", "INR", "NGN"] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];

export const MAX_PRICE = 10_000_000;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} must be at most ${max} characters.`);

const wholeNumber = (field: string, min: number, max: number, tooSmall: string, tooBig = `${field} must be at most ${max.toLocaleString("en")}.`) =>
  z
    .number({ error: `${field} must be a number.` })
    .int(`${field} must be a whole number.`)
    .min(min, tooSmall)
    .max(max, tooBig);

/** A calendar date (YYYY-MM-DD) after today (UTC). */
const futureDate = z
  .string({ error: "Valid until is required." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Valid until must be a date (YYYY-MM-DD).")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value; // no 31 February
  }, "Valid until must be a real date.")
  .refine((value) => value > new Date().toISOString().slice(0, 10), "Valid until must be a date in the future.");

export const planSchema = z
  .object({
    diagnosisSummary: text("Diagnosis summary", 4000),
    proposedTreatment: text("Proposed treatment", 4000),
    included: text("What is included", 4000),
    lengthOfStayDays: wholeNumber("Length of stay", 1, 365, "Length of stay must be at least 1 day.", "Length of stay must be at most 365 days."),
    priceMin: wholeNumber("Minimum price", 1, MAX_PRICE, "Minimum price must be a positive amount."),
    priceMax: wholeNumber("Maximum price", 1, MAX_PRICE, "Maximum price must be a positive amount."),
    currency: z.enum(PLAN_CURRENCIES, { error: `Currency must be one of ${PLAN_CURRENCIES.join(", ")}.` }),
    validUntil: futureDate,
    leadDoctor: text("Lead doctor", 200),
    message: z.string().trim().max(4000, "Message must be at most 4000 characters.").optional(),
  })
  .refine((plan) => plan.priceMin <= plan.priceMax, { message: "The minimum price must not be higher than the maximum price.", path: ["priceMax"] });

export type PlanInput = z.infer<typeof planSchema>;

export const declineSchema = z.object({ reason: text("Reason", 2000) });

export const appointmentSchema = z.object({
  at: z.iso
    .datetime({ offset: true, error: "The appointment time must be a date and time (ISO 8601)." })
    .refine((value) => Date.parse(value) > Date.now(), "The appointment must be in the future."),
  note: z.string().trim().max(2000, "Note must be at most 2000 characters.").optional(),
});

export const inviteSchema = z.object({
  name: personName({ required: "Name is required." }),
  email: z.email("Enter a valid e-mail address.").max(254, "Enter a valid e-mail address."),
  hospitalId: text("Hospital", 200),
});

export const acceptInvitationSchema = z.object({
  token: z.string({ error: "The invitation token is missing." }).regex(/^[A-Za-z0-9_-]{43}$/, "This invitation link is not valid."),
  username: z.string({ error: "Username is required." }).trim().regex(USERNAME_PATTERN, "Username: 3 to 30 letters, digits, dots or underscores."),
  password: z
    .string({ error: "Password is required." })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
});
