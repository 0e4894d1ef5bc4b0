import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { APIError } from "better-auth/api";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import { getAuth } from "@/lib/auth/server";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import { NAME_INVALID } from "@/lib/auth/name-hook";
import { authError } from "@/lib/auth/errors";
import { nameForMail } from "@/lib/contracts/people";
import { sendMail } from "@/lib/mail";
import { localizedUrl } from "@/lib/seo/metadata";
import type { z } from "zod";
import { INVITATION_TOKEN_PATTERN, type acceptInvitationSchema, type inviteSchema, type PartnerDirectory } from "@/lib/contracts/partners";

/**
 * Partner invitations: an admin invites someone for one hospital; the e-mailed link carries a random
 * token of which only the SHA-256 is stored, valid for 7 days and once. Accepting creates the account
 * through Better Auth (name and e-mail from the invitation), makes it a partner of that hospital and
 * signs the browser in.
 */
export const INVITATION_DAYS = 7;

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createInvitation(input: z.infer<typeof inviteSchema>, locale: Locale, actor: AuditActor) {
  const email = input.email.trim().toLowerCase();
  const hospital = await db().hospital.findUnique({ where: { id: input.hospitalId } });
  if (!hospital?.active) throw new AppError("bad_request", "invitation_hospital_required", { field: "hospitalId" });
  if (await db().user.findUnique({ where: { email }, select: { id: true } })) throw new AppError("conflict", "invitation_email_taken");

  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const invitation = await db().$transaction(async (tx) => {
    // A new invitation replaces any earlier open one for this address: only the newest link works.
    await tx.partnerInvitation.updateMany({ where: { email, acceptedAt: null, expiresAt: { gt: now } }, data: { expiresAt: now } });
    const created = await tx.partnerInvitation.create({
      data: {
        email,
        name: input.name,
        hospitalId: hospital.id,
        tokenHash: hashInvitationToken(token),
        invitedById: actor.id,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 3600 * 1000),
      },
    });
    await audit(tx, actor, { action: "partner.invite", entityType: "partner_invitation", entityId: created.id, metadata: { email, hospitalId: hospital.id } });
    return created;
  });

  void sendInvitationEmail({ to: email, name: input.name, hospitalName: hospital.name, token, locale }).catch((error) =>
    log.error({ invitationId: invitation.id, err: error }, "Could not send a partner invitation e-mail"),
  );
  return {
    id: invitation.id,
    name: invitation.name,
    email,
    hospitalId: hospital.id,
    hospitalName: hospital.name,
    expiresAt: invitation.expiresAt.toISOString(),
    createdAt: invitation.createdAt.toISOString(),
  };
}

async function sendInvitationEmail({
  to,
  name,
  hospitalName,
  token,
  locale,
}: {
  to: string;
  name: string;
  hospitalName: string;
  token: string;
  locale: Locale;
}) {
  const t = await translatorFor(locale ?? defaultLocale, "emails");
  const invitee = nameForMail(name);
  await sendMail({
    to,
    subject: t("partnerInviteSubject", { hospitalName }),
    text: [
      t("salutation"),
      "",
      ...(invitee ? [t("inviteeNameLine", { name: invitee }), ""] : []),
      t("partnerInviteBody", { hospitalName, days: INVITATION_DAYS }),
      "",
      localizedUrl(`/partner/invite?token=${token}`, locale),
      "",
      t("partnerInviteIgnore"),
      "",
      t("signature"),
    ].join("\n"),
  });
}

/** What the invite page shows before the form: whom the invitation is for, or why it cannot be used. */
export async function describeInvitation(
  token: string,
): Promise<{ state: "valid"; name: string; email: string; hospitalName: string } | { state: "invalid" | "used" | "expired" }> {
  if (!INVITATION_TOKEN_PATTERN.test(token)) return { state: "invalid" };
  const invitation = await db().partnerInvitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    include: { hospital: { select: { name: true } } },
  });
  if (!invitation) return { state: "invalid" };
  if (invitation.acceptedAt) return { state: "used" };
  if (invitation.expiresAt <= new Date()) return { state: "expired" };
  return { state: "valid", name: invitation.name, email: invitation.email, hospitalName: invitation.hospital.name };
}

/** Accepts an invitation; returns the new user's id and the Set-Cookie lines of their session. */
export async function acceptInvitation(
  request: Request,
  input: z.infer<typeof acceptInvitationSchema>,
  actor: AuditActor,
): Promise<{ userId: string; setCookies: string[] }> {
  const invitation = await db().partnerInvitation.findUnique({ where: { tokenHash: hashInvitationToken(input.token) }, include: { hospital: true } });
  if (!invitation) throw new AppError("not_found", "invitation_invalid");
  if (invitation.acceptedAt) throw new AppError("conflict", "invitation_used");
  if (invitation.expiresAt <= new Date()) throw new AppError("bad_request", "invitation_expired");
  if (!invitation.hospital.active) throw new AppError("conflict", "invitation_hospital_inactive");
  if (await db().user.findUnique({ where: { email: invitation.email }, select: { id: true } })) throw new AppError("conflict", "invitation_email_taken");

  let signUp;
  try {
    signUp = await getAuth().api.signUpEmail({
      body: { name: invitation.name, email: invitation.email, password: input.password, username: input.username, displayUsername: input.username },
      headers: request.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code ?? "";
      if (code.includes("USERNAME")) throw new AppError("conflict", "username_taken", { field: "username" });
      if (code.includes("USER_ALREADY_EXISTS") || code.includes("EMAIL")) throw new AppError("conflict", "invitation_email_taken");
      if (code.includes("PASSWORD")) throw authError(400, code) ?? error;
      // An invitation made before the person-name rule, for a name the rule now refuses.
      if (code === NAME_INVALID)
        throw new AppError("bad_request", "invalid_name", { params: { problem: String((error.body as { problem?: string }).problem) } });
    }
    throw error;
  }
  const userId = signUp.response.user.id;
  // Sign-up answers with a made-up user when the e-mail was taken meanwhile (it never says so: ADR 14).
  if (!(await db().user.findUnique({ where: { id: userId }, select: { id: true } }))) throw new AppError("conflict", "invitation_email_taken");

  try {
    await db().$transaction(async (tx) => {
      const now = new Date();
      // Single use even when two browsers accept at once: only one conditional update succeeds.
      const claimed = await tx.partnerInvitation.updateMany({
        where: { id: invitation.id, acceptedAt: null, expiresAt: { gt: now } },
        data: { acceptedAt: now, acceptedUserId: userId },
      });
      if (claimed.count !== 1) throw new AppError("conflict", "invitation_used");
      // The invitation link reached this address, so it is verified.
      await tx.user.update({ where: { id: userId }, data: { role: "partner", hospitalId: invitation.hospitalId, emailVerified: true } });
      await audit(
        tx,
        { ...actor, id: userId, role: "partner" },
        {
          action: "partner.invitation_accept",
          entityType: "partner_invitation",
          entityId: invitation.id,
          metadata: { hospitalId: invitation.hospitalId },
        },
      );
    });
  } catch (error) {
    // No half-made account: without the partner role the new user (and its session) goes again.
    await db()
      .user.delete({ where: { id: userId } })
      .catch(() => {});
    throw error;
  }
  // Sign-up opens no session: the new partner signs in with the password just chosen.
  const signIn = await getAuth().api.signInEmail({
    body: { email: invitation.email, password: input.password },
    headers: request.headers,
    returnHeaders: true,
  });
  return { userId, setCookies: signIn.headers.getSetCookie() };
}

/** The admin's list: partner users and open invitations, each with its hospital's name. */
export async function listPartnersAndInvitations(): Promise<PartnerDirectory> {
  const [partners, invitations] = await Promise.all([
    db().user.findMany({
      where: { role: "partner" },
      orderBy: { createdAt: "desc" },
      take: 500,
      select: {
        id: true,
        name: true,
        email: true,
        username: true,
        displayUsername: true,
        createdAt: true,
        banned: true,
        hospital: { select: { id: true, name: true } },
      },
    }),
    db().partnerInvitation.findMany({
      where: { acceptedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: "desc" },
      take: 500,
      select: { id: true, name: true, email: true, expiresAt: true, createdAt: true, hospital: { select: { id: true, name: true } } },
    }),
  ]);
  return {
    partners: partners.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      username: p.displayUsername ?? p.username,
      hospitalId: p.hospital?.id ?? null,
      hospitalName: p.hospital?.name ?? null,
      active: !p.banned,
      createdAt: p.createdAt.toISOString(),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      hospitalId: i.hospital.id,
      hospitalName: i.hospital.name,
      expiresAt: i.expiresAt.toISOString(),
      createdAt: i.createdAt.toISOString(),
    })),
  };
}
