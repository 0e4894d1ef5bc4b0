import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { hasAdminPower, type SessionUser } from "@/lib/auth/session-user";
import { isStaff } from "@/lib/auth/roles";

/**
 * Which transcriptions a user may see, as a query condition (so anyone else's are simply "not
 * found"): admins past the password gate see all, other staff their own uploads, everyone else none (null).
 */
export function readableTranscriptionWhere(user: SessionUser | null): Prisma.TranscriptionWhereInput | null {
  if (!user || !isStaff(user.role)) return null;
  if (hasAdminPower(user)) return {};
  return transcriptionsUploadedBy(user.id);
}

/** The transcriptions a user uploaded. */
export function transcriptionsUploadedBy(userId: string): Prisma.TranscriptionWhereInput {
  return { uploadedById: userId };
}
