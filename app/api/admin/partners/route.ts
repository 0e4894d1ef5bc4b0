import { z } from "zod";
import { adminRoute } from "@/lib/admin/route";
import { actorFor } from "@/lib/api/actor";
import { defaultLocale, locales } from "@/lib/i18n/locales";
import { createInvitation, listPartnersAndInvitations } from "@/lib/partners/invitations";
import { inviteSchema } from "@/lib/contracts/partners";

export const dynamic = "force-dynamic";

/** Partner users and open invitations: { partners: [...], invitations: [...] }, each with its hospital's name. */
export const GET = adminRoute({}, async () => Response.json(await listPartnersAndInvitations(), { headers: { "Cache-Control": "no-store" } }));

/** Invites { name, email, hospitalId } (locale: the language of the invitation e-mail); answers 201 with the invitation. */
export const POST = adminRoute({ body: inviteSchema.extend({ locale: z.enum(locales).default(defaultLocale) }) }, async ({ request, user, body }) => {
  const { locale, ...input } = body;
  const invitation = await createInvitation(input, locale, actorFor(request, user));
  return Response.json({ invitation }, { status: 201 });
});
