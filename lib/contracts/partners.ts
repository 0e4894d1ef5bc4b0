import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from "@/lib/contracts/auth";
import { fileViewSchema } from "@/lib/contracts/files";
import { personName } from "@/lib/contracts/people";
import { planViewSchema } from "@/lib/contracts/plans";
import { routingStates, urgencies } from "@/lib/contracts/cases";
import { submissionStatuses } from "@/lib/contracts/submissions";

/** Partner hospitals' users: invitations (admin), accepting one (the invitee), and the partner's cases. */

export const inviteSchema = z.object({
  name: personName(),
  email: z.string({ error: "email_invalid" }).trim().pipe(z.email("email_invalid").max(254, "email_invalid")),
  hospitalId: z.string({ error: "field_required" }).trim().min(1, "field_required").max(200, "too_long"),
});
export type InviteInput = z.input<typeof inviteSchema>;

export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const acceptInvitationSchema = z.object({
  token: z.string({ error: "invitation_invalid" }).regex(INVITATION_TOKEN_PATTERN, "invitation_invalid"),
  username: z.string({ error: "username_invalid" }).trim().regex(USERNAME_PATTERN, "username_invalid"),
  password: z.string({ error: "password_too_short" }).min(PASSWORD_MIN_LENGTH, "password_too_short").max(PASSWORD_MAX_LENGTH, "password_too_long"),
});
/** The invitee's form: the same, with the password typed twice. */
export const acceptInvitationFormSchema = acceptInvitationSchema
  .extend({ confirm: z.string() })
  .refine((value) => value.password === value.confirm, { path: ["confirm"], message: "passwords_differ" });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;
export const acceptInvitationAnswerSchema = z.object({ ok: z.literal(true), redirectTo: z.string() });

export const invitationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  hospitalId: z.string(),
  hospitalName: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationCreatedSchema = z.object({ invitation: invitationSchema });

/** GET /api/admin/partners: partner users and open invitations, each with its hospital's name. */
export const partnerDirectorySchema = z.object({
  partners: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      username: z.string().nullable(),
      hospitalId: z.string().nullable(),
      hospitalName: z.string().nullable(),
      active: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  invitations: z.array(invitationSchema),
});
export type PartnerDirectory = z.infer<typeof partnerDirectorySchema>;

export const PARTNER_PAGE_SIZE = 25;
export const PARTNER_MAX_PAGE_SIZE = 100;

/** Query of GET /api/partner/cases: the cursor of the previous page (its nextCursor) and the page size. */
export const partnerListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PARTNER_MAX_PAGE_SIZE).default(PARTNER_PAGE_SIZE),
});
export type PartnerListQuery = z.input<typeof partnerListQuery>;

/** My hospital's routing of a case; its status is "withdrawn" once the case ended before we answered. */
export const partnerRoutingSchema = z.object({
  id: z.string(),
  status: z.enum(routingStates),
  routedAt: z.string(),
  dueAt: z.string(),
  respondedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** What the coordinator wrote to the hospitals when routing the case. */
  coordinatorNote: z.string().nullable(),
  /** Our one request for more time (the deadline above already includes it), or null while unused. */
  extension: z.object({ hours: z.number(), reason: z.string(), at: z.string() }).nullable(),
  plan: planViewSchema.nullable(),
});
export type PartnerRoutingView = z.infer<typeof partnerRoutingSchema>;

const partnerCaseBase = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  specialty: z.string(),
  urgency: z.enum(urgencies),
  status: z.enum(submissionStatuses),
  createdAt: z.string(),
  routing: partnerRoutingSchema,
});
export type PartnerCaseSummary = z.infer<typeof partnerCaseBase>;

/** GET /api/partner/cases: newest routing first; `nextCursor` gives the next page. */
export const partnerCasePageSchema = z.object({ cases: z.array(partnerCaseBase), nextCursor: z.string().nullable() });
export type PartnerCasePage = z.infer<typeof partnerCasePageSchema>;

/** One case: the patient's details and files only while the case is shared with the hospital (`shared`). */
export const partnerCaseSchema = z.discriminatedUnion("shared", [
  partnerCaseBase.extend({ shared: z.literal(false) }),
  partnerCaseBase.extend({
    shared: z.literal(true),
    patientName: z.string(),
    medicalCondition: z.string().nullable(),
    homeCountry: z.string(),
    budget: z.string().nullable(),
    message: z.string().nullable(),
    preferredCountries: z.array(z.string()),
    files: z.array(fileViewSchema),
  }),
]);
export type PartnerCase = z.infer<typeof partnerCaseSchema>;
