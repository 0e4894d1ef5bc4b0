import { z } from "zod";
import { formSpecialtySlugs } from "@/content/specialties";
import { personName } from "./people";

/** The general inquiry: name, email and message required; phone, country and specialty optional. */
const optional = (schema: z.ZodType<string | undefined, string | undefined>) => schema.optional().or(z.literal("").transform(() => undefined));

export const inquirySchema = z.object({
  name: personName({ required: "inquiry_name_required" }),
  email: z.email("email_invalid").max(254, "email_invalid"),
  phone: optional(z.string().trim().max(40, "too_long")),
  country: optional(z.string().trim().max(100, "too_long")),
  specialty: optional(z.enum(formSpecialtySlugs, "inquiry_specialty_invalid")),
  message: z.string().trim().min(1, "inquiry_message_required").max(5000, "inquiry_message_too_long"),
});

export type InquiryInput = z.input<typeof inquirySchema>;

/** POST /api/inquiries answers 201 with the new inquiry's id. */
export const inquiryCreatedSchema = z.object({ success: z.literal(true), id: z.string() });
