import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { setupAdmin } from "@/lib/admin/setup";
import { adminSetupSchema } from "@/lib/contracts/admin";

export const dynamic = "force-dynamic";

/** A signed-in user promotes an account to admin with ADMIN_SETUP_KEY. */
export const POST = apiRoute({ access: "signed-in", body: adminSetupSchema }, async ({ request, user, body }) => {
  await setupAdmin(request, { ...actorFor(request, user), id: user.id }, body.email, body.adminKey);
  return Response.json({ success: true }, { headers: { "Cache-Control": "no-store" } });
});
