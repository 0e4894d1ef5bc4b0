import { apiRoute } from "@/lib/api/handler";
import { notificationsQuerySchema } from "@/lib/contracts/notifications";
import { listNotifications } from "@/lib/notifications/queries";

export const dynamic = "force-dynamic";

/** The bell: the signed-in user's 50 newest notifications in `locale`, and the unread count. */
export const GET = apiRoute({ access: "signed-in", query: notificationsQuerySchema }, async ({ user, query }) =>
  Response.json(await listNotifications(user.id, query.locale), { headers: { "Cache-Control": "no-store" } }),
);
