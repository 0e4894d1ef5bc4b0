import { z } from "zod";

/** The admin gate and the first admin's setup. */

/** POST /api/admin/unlock: the admin re-enters their own password. */
export const adminUnlockSchema = z.object({ password: z.string().min(1, "field_required").max(500, "field_required") });
export const adminUnlockAnswerSchema = z.object({ unlocked: z.literal(true) });

/** POST /api/admin/setup: promote an account with the server's setup key. */
export const adminSetupSchema = z.object({
  email: z.string().trim().min(1, "field_required").max(320, "too_long"),
  adminKey: z.string().min(1, "field_required").max(500, "too_long"),
});
export const adminSetupAnswerSchema = z.object({ success: z.literal(true) });
