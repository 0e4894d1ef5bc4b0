import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/app-error";
import { notificationParamsSchema } from "@/lib/contracts/notifications";
import { markNotificationRead } from "@/lib/notifications/queries";

export const dynamic = "force-dynamic";

/** Marks one of the caller's notifications read → { unreadCount }. */
export const POST = apiRoute({ access: "signed-in" }, async ({ user, params }) => {
  const parsed = notificationParamsSchema.safeParse(params);
  if (!parsed.success) throw new AppError("not_found", "notification_not_found");
  return Response.json(await markNotificationRead(user.id, parsed.data.id), { headers: { "Cache-Control": "no-store" } });
});
