import "server-only";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import type { NotificationView } from "@/lib/contracts/notifications";
import { notificationValues } from "./outbox";

export const NOTIFICATIONS_SHOWN = 50;

/**
 * The signed-in user's newest notifications, their texts rendered in the reader's language (a
 * notification stores its type and parameters, not text), and how many are unread.
 */
export async function listNotifications(userId: string, locale: Locale): Promise<{ items: NotificationView[]; unreadCount: number }> {
  const [rows, unreadCount] = await Promise.all([
    db().notification.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: NOTIFICATIONS_SHOWN }),
    unreadNotifications(userId),
  ]);
  const t = await translatorFor(locale, "notifications");
  const items = await Promise.all(
    rows.map(async (row): Promise<NotificationView> => {
      const params = row.params && typeof row.params === "object" && !Array.isArray(row.params) ? (row.params as Record<string, unknown>) : {};
      const values = await notificationValues({ ...params, type: row.type }, locale);
      return {
        id: row.id,
        type: row.type,
        title: t(`${row.type}.title`, values),
        message: t(`${row.type}.message`, values),
        actionUrl: row.actionUrl,
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  );
  return { items, unreadCount };
}

export function unreadNotifications(userId: string): Promise<number> {
  return db().notification.count({ where: { userId, readAt: null } });
}

/** Marks one of the user's own notifications read (again is a no-op); someone else's is 404. */
export async function markNotificationRead(userId: string, id: string): Promise<{ unreadCount: number }> {
  const updated = await db().notification.updateMany({ where: { id, userId, readAt: null }, data: { readAt: new Date() } });
  if (updated.count === 0 && !(await db().notification.findFirst({ where: { id, userId }, select: { id: true } })))
    throw new AppError("not_found", "notification_not_found");
  return { unreadCount: await unreadNotifications(userId) };
}

export async function markAllNotificationsRead(userId: string): Promise<{ unreadCount: number }> {
  await db().notification.updateMany({ where: { userId, readAt: null }, data: { readAt: new Date() } });
  return { unreadCount: await unreadNotifications(userId) };
}
