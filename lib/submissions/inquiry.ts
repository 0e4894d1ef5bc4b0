import "server-only";
import { z } from "zod";
import { formSpecialtySlugs } from "@/content/specialties";
import { personName } from "@/lib/contracts/people";

/** SPEC section 5: name, email and message required; phone, country and specialty optional. */
export const inquirySchema = z.object({
  name: personName({ required: "Please enter your name." }),
  email: z.email("Please enter a valid email address.").max(254),
  phone: z.string().trim().max(40).optional().or(z.literal("").transform(() => undefined)),
  country: z.string().trim().max(100).optional().or(z.literal("").transform(() => undefined)),
  specialty: z.enum(formSpecialtySlugs, "Please choose one of the listed specialties.").optional().or(z.literal("").transform(() => undefined)),
  message: z.string().trim().min(1, "Please write your message.").max(5000, "Please keep your message under 5000 characters."),
});

export type InquiryInput = z.infer<typeof inquirySchema>;
