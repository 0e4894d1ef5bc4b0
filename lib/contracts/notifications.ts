import { z } from "zod";
import { locales, defaultLocale } from "@/lib/i18n/locales";

/** One notification of the bell, its texts already in the reader's language: GET /api/notifications. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  actionUrl: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ items: z.array(notificationSchema), unreadCount: z.number().int() });
export const notificationsQuerySchema = z.object({ locale: z.enum(locales).default(defaultLocale) });

/** POST /api/notifications/:id/read and /api/notifications/read-all answer the new unread count. */
export const notificationParamsSchema = z.object({ id: z.uuid() });
export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

/**
 * The relative time of a notification: 'Just now' under a minute, then minutes under
 * 60, hours under 24, otherwise days, in the reader's language (Intl, so no translation runtime).
 */
export function relativeTime(at: Date | string, now: Date, locale: string, justNow: string): string {
  const seconds = Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000);
  if (seconds < 60) return justNow;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "always", style: "long" });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, "hour");
  return format.format(-Math.floor(hours / 24), "day");
}

/** The bell's badge: nothing at 0, the number up to 9, then "9+". */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
