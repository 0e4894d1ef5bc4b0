import { z } from "zod";

/** The audit log as unlocked admins read it (GET /api/admin/audit). */

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 100;

/**
 * Query of GET /api/admin/audit. A case is given by id (`submissionId`) or as typed by a person
 * (`case`: tracking number or id); a user by id (`actorId`) or e-mail (`actorEmail`). `action`
 * matches from the start ("file" finds file.read and file.link).
 */
export const auditQuery = z.object({
  submissionId: z.uuid().optional(),
  case: z.string().trim().max(100).optional(),
  actorId: z.string().trim().min(1).max(100).optional(),
  actorEmail: z.string().trim().max(320).optional(),
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.]*$/, "invalid_input")
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditLogItemSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  actorRole: z.string().nullable(),
  entity: z
    .object({
      type: z.string(),
      id: z.string().nullable(),
      /** A file's name, a user's e-mail; null (or absent) when the entity no longer exists. */
      label: z.string().nullable().optional(),
      trackingNumber: z.string().nullable().optional(),
      submissionId: z.string().nullable().optional(),
    })
    .nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  client: z.string().nullable(),
});
export type AuditLogItem = z.infer<typeof auditLogItemSchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditLogItemSchema),
  nextCursor: z.string().nullable(),
  filters: z.object({ submissionId: z.string().nullable(), actorId: z.string().nullable() }),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
