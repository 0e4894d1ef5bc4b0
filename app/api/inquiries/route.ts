import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { clientIp } from "@/lib/api/client-ip";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db";
import { inquirySchema } from "@/lib/contracts/inquiries";

export const dynamic = "force-dynamic";

/** A general inquiry from the contact form (JSON), signed in or not. */
export const POST = apiRoute({ access: "public", body: inquirySchema }, async ({ request, user, body }) => {
  await enforceRateLimit(RATE_RULES.inquiry, clientIp(request));
  const inquiry = await db().$transaction(async (tx) => {
    const created = await tx.inquiry.create({ data: { ...body, email: body.email.toLowerCase(), userId: user?.id ?? null } });
    await audit(tx, actorFor(request, user), { action: "inquiry.create", entityType: "inquiry", entityId: created.id });
    return created;
  });
  return Response.json({ success: true, id: inquiry.id }, { status: 201 });
});
