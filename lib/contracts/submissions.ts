import { z } from "zod";
import { formSpecialtySlugs } from "@/content/specialties";
import { fileViewSchema } from "./files";
import { personName } from "./people";
import { planViewSchema } from "./plans";
import { budgets, preferredCountryOptions, urgencies } from "./submission-options";
import { uploadViewSchema } from "./uploads";

/**
 * The states a submission moves through, and how each looks: submitted blue, under_review yellow,
 * responded green, urgent red; anything else grey.
 */
export const submissionStatuses = ["submitted", "under_review", "sent_to_hospitals", "responded", "plan_accepted", "closed", "cancelled"] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];
export const submissionStatusSchema = z.enum(submissionStatuses);

export type BadgeColour = "blue" | "yellow" | "green" | "red" | "grey";

export function statusColour(status: string): BadgeColour {
  switch (status) {
    case "submitted":
      return "blue";
    case "under_review":
      return "yellow";
    case "responded":
      return "green";
    case "urgent":
      return "red";
    default:
      return "grey";
  }
}

/** A status as text: underscores shown as spaces. */
export function statusText(status: string | null | undefined): string {
  return (status || "Submitted").replace(/_/g, " ");
}

/** The urgency badge: urgent and emergency stand out; anything else has the standard style. */
export function urgencyColour(urgency: string | null | undefined): BadgeColour {
  return urgency === "urgent" || urgency === "emergency" ? "red" : "grey";
}

/** The patient dashboard's stages, each with how far along its progress bar stands. */
export type ApplicationStage = "received" | "under_review" | "hospital_responded" | "completed" | "cancelled";

export function applicationStage(status: string): { stage: ApplicationStage; progress: number } {
  switch (status) {
    case "submitted":
      return { stage: "received", progress: 25 };
    case "under_review":
    case "sent_to_hospitals":
      return { stage: "under_review", progress: 65 };
    case "responded":
      return { stage: "hospital_responded", progress: 90 };
    case "plan_accepted":
    case "closed":
      return { stage: "completed", progress: 100 };
    default:
      return { stage: "cancelled", progress: 0 };
  }
}

export function stageColour(stage: ApplicationStage): BadgeColour {
  return ({ received: "blue", under_review: "yellow", hospital_responded: "green", completed: "green", cancelled: "grey" } as const)[stage];
}

const text = (max: number) => z.string().trim().max(max, "too_long");
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * The records form's rules, checked by the browser (react-hook-form) and by the server on the same
 * schema. Issue messages are error codes (`errors.*` in messages).
 */
export const submissionFieldsSchema = z.object({
  patientName: personName({ required: "patient_name_required" }),
  email: z.email("email_invalid").max(254, "email_invalid"),
  phone: optionalText(40),
  country: optionalText(100),
  medicalCondition: optionalText(2000),
  title: optionalText(300),
  specialty: z.enum(formSpecialtySlugs, "specialty_required"),
  urgency: z.enum(urgencies, "urgency_invalid").default("standard"),
  preferredCountries: z
    .array(z.enum(preferredCountryOptions, "preferred_country_invalid"))
    .min(1, "preferred_country_required")
    .max(3, "preferred_country_invalid")
    .transform((list) => [...new Set(list.flatMap((c) => (c === "Both" ? ["Turkey", "India"] : [c])))]),
  budget: z.enum(budgets, "budget_invalid").optional(),
  message: optionalText(5000),
  homeCountry: text(100).min(1, "home_country_required"),
  consent: z.literal(true, "consent_required"),
  consentFullName: personName({ required: "consent_name_required" }),
  consentEmail: z.email("consent_email_invalid").max(254, "consent_email_invalid"),
  consentDate: z.iso.date("consent_date_invalid"),
});

export type SubmissionFieldsInput = z.input<typeof submissionFieldsSchema>;
export type SubmissionFields = z.output<typeof submissionFieldsSchema>;

/** The answer to a new submission (201), or to a retry with the same idempotency key (200). */
export const createdSubmissionSchema = z.object({ success: z.literal(true), id: z.string(), trackingNumber: z.string() });
export type CreatedSubmissionBody = z.infer<typeof createdSubmissionSchema>;

/** POST /api/medical-submissions with a JSON body: the submission, and an upload for each file it announced. */
export const submissionWithUploadsSchema = createdSubmissionSchema.extend({ uploads: z.array(uploadViewSchema) });

/** POST /api/add-files-to-submission answers 201 with how many files were added. */
export const filesAddedSchema = z.object({ success: z.literal(true), added: z.number() });

/** One status change of a case, oldest first, with the coordinator's note written for the patient. */
export const historyEntrySchema = z.object({ status: z.string(), note: z.string().nullable(), at: z.string() });
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const hospitalSchema = z.object({ name: z.string(), city: z.string(), country: z.string() });

/**
 * A hospital the case was shared with, and the cross-border transfer record the patient is shown;
 * `declined`: the hospital said it cannot take the case (its reason stays with the coordinator).
 */
export const matchedHospitalSchema = hospitalSchema.extend({
  declined: z.boolean(),
  routedAt: z.string(),
  destinationCountry: z.string(),
  transferBasis: z.string(),
});
export type MatchedHospital = z.infer<typeof matchedHospitalSchema>;

/** A plan as the patient compares it: with its hospital, and whether it can still be approved. */
export const patientPlanViewSchema = planViewSchema.extend({
  hospital: hospitalSchema,
  expired: z.boolean(),
  /** The hospital's median time to a plan over 90 days (hours), or null: a new partner (lib/partners/response-times.ts). */
  hospitalMedianHours: z.number().nullable(),
});
export type PatientPlanView = z.infer<typeof patientPlanViewSchema>;

/** The coordinator's request for more documents; `fulfilledAt` once the patient added files. */
export const documentRequestViewSchema = z.object({ id: z.string(), message: z.string(), createdAt: z.string(), fulfilledAt: z.string().nullable() });
export type DocumentRequestView = z.infer<typeof documentRequestViewSchema>;

/**
 * What a patient (signed in, or a verified guest) sees of one case: status, history, files and the
 * care coordination (hospitals, their plans, document requests). Never the routing's decline reasons,
 * due dates or staff notes.
 */
export const patientCaseViewSchema = z.object({
  trackingNumber: z.string(),
  patientName: z.string(),
  specialty: z.string(),
  urgency: z.enum(urgencies),
  status: submissionStatusSchema,
  createdAt: z.string(),
  history: z.array(historyEntrySchema),
  files: z.array(fileViewSchema),
  matchedHospitals: z.array(matchedHospitalSchema),
  plans: z.array(patientPlanViewSchema),
  documentRequests: z.array(documentRequestViewSchema),
  /** Hospital responses the patient can see: one per plan received. */
  responsesCount: z.number(),
  /** A hospital let its deadline pass: "rerouted" once another was asked since, "asking" until then; null when none is late. */
  lateNotice: z.enum(["asking", "rerouted"]).nullable(),
});
export type PatientCaseView = z.infer<typeof patientCaseViewSchema>;

/** GET /api/my-submissions: the signed-in patient's own submissions, newest first. */
export const ownSubmissionSchema = patientCaseViewSchema.extend({
  id: z.string(),
  title: z.string().nullable(),
  updatedAt: z.string(),
  medicalCondition: z.string().nullable(),
  message: z.string().nullable(),
  preferredCountries: z.array(z.string()),
  fileName: z.string().nullable(),
  /** Files announced for the case that have not arrived (still on their way, refused or expired). */
  missingFiles: z.array(uploadViewSchema),
});
export type OwnSubmission = z.infer<typeof ownSubmissionSchema>;
export const ownSubmissionsSchema = z.array(ownSubmissionSchema);
