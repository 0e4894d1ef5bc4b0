import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { setupAdmin } from "@/lib/admin/setup";

export const dynamic = "force-dynamic";

const body = z.object({ email: z.string().trim().min(1).max(320), adminKey: z.string().min(1).max(500) });

/** SPEC section 7: a signed-in user promotes an account to admin with ADMIN_SETUP_KEY. */
export const POST = apiRoute({ access: "signed-in", body }, async ({ request, user, body }) => {
  await setupAdmin(request, { ...actorFor(request, user), id: user.id }, body.email, body.adminKey);
  return Response.json({ success: true }, { headers: { "Cache-Control": "no-store" } });
});
