// zod/mini, not zod: the header checks the session on every page, marketing pages included, and
// must stay small there (a few KiB instead of the full zod).
import { boolean, nullable, object, optional, string, type infer as Infer } from "zod/mini";

/** Who is signed in: what GET /api/auth/me answers. */
export const meResponseSchema = object({
  isAuthenticated: boolean(),
  user: nullable(object({ username: string(), name: string(), email: string(), role: string(), createdAt: string() })),
  /** A staff account that must set up two-factor authentication before it can act as staff. */
  twoFactorSetupRequired: optional(boolean()),
});
export type MeResponse = Infer<typeof meResponseSchema>;
