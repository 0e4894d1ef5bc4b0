import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { unlockAdmin } from "@/lib/admin/unlock";
import { adminUnlockSchema } from "@/lib/contracts/admin";

export const dynamic = "force-dynamic";

/** The admin gate: any signed-in user may try; only an admin with the right password unlocks. */
export const POST = apiRoute({ access: "signed-in", body: adminUnlockSchema }, async ({ request, user, body }) => {
  const cookie = await unlockAdmin(request, user, body.password, actorFor(request, user));
  return Response.json({ unlocked: true }, { headers: { "Cache-Control": "no-store", "Set-Cookie": cookie } });
});
