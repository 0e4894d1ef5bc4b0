import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { casesOwnedBy } from "./cases";
import { transcriptionsUploadedBy } from "./transcriptions";

export interface AccountOwner {
  id: string;
  email: string;
  emailVerified: boolean;
}

/**
 * Guest submissions and guest inquiries sent under the account's e-mail belong to the account holder
 * only if they have proven that the address is theirs. Better Auth keeps that proof in
 * user.emailVerified, and sign-up does not verify (no sendVerificationEmail, requireEmailVerification
 * off): anyone can open an account with someone else's address. So only a verified address (today: a
 * partner invitation, whose token was mailed to it) brings those rows into the export and the
 * erasure; otherwise they stay with the guest, who can still reach their case through /track.
 */
function guestRowsToo(owner: AccountOwner) {
  return owner.emailVerified ? [{ userId: null, email: { equals: owner.email, mode: "insensitive" as const } }] : [];
}

/** The submissions an account's export holds and its deletion erases. */
export function ownedSubmissions(owner: AccountOwner): Prisma.SubmissionWhereInput {
  return { OR: [casesOwnedBy(owner.id), ...guestRowsToo(owner)] };
}

/** The inquiries (name, e-mail, phone, message) an account's export holds and its deletion erases. */
export function ownedInquiries(owner: AccountOwner): Prisma.InquiryWhereInput {
  return { OR: [{ userId: owner.id }, ...guestRowsToo(owner)] };
}

/** The transcriptions an account's export lists and its deletion erases: the ones it uploaded. */
export function ownedTranscriptions(owner: Pick<AccountOwner, "id">): Prisma.TranscriptionWhereInput {
  return transcriptionsUploadedBy(owner.id);
}
