import { z } from "zod";

/** GET /api/test-google-drive: whether the configured file store answers; `email` names where files go. */
export const storageStatusSchema = z.object({ success: z.boolean(), email: z.string(), error: z.string().nullable() });
export type StorageStatusAnswer = z.infer<typeof storageStatusSchema>;
