import { apiRoute } from "@/lib/api/handler";
import { markAllNotificationsRead } from "@/lib/notifications/queries";

export const dynamic = "force-dynamic";

/** 'Mark all read' → { unreadCount: 0 }. */
export const POST = apiRoute({ access: "signed-in" }, async ({ user }) =>
  Response.json(await markAllNotificationsRead(user.id), { headers: { "Cache-Control": "no-store" } }),
);
