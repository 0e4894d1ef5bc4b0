import { adminRoute } from "@/lib/admin/route";
import { getStore } from "@/lib/storage";

export const dynamic = "force-dynamic";

/** The cloud-storage status ({ success, email, error }), for the configured store; `email` names where files go. */
export const GET = adminRoute({}, async () => {
  const status = await getStore().describe();
  return Response.json({ success: status.ok, email: status.location, error: status.error ?? null }, { headers: { "Cache-Control": "no-store" } });
});
