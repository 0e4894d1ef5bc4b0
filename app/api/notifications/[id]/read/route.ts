import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/app-error";
import { markNotificationRead } from "@/lib/notifications/queries";

export const dynamic = "force-dynamic";

/** Marks one of the caller's notifications read → { unreadCount }. */
export const POST = apiRoute({ access: "signed-in" }, async ({ user, params }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new AppError("not_found", "notification_not_found");
  return Response.json(await markNotificationRead(user.id, id.data), { headers: { "Cache-Control": "no-store" } });
});
