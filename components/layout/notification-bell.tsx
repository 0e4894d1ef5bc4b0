"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Bell } from "lucide-react";
import { localePath, type Locale } from "@/lib/i18n/locales";
import { relativeTime, unreadBadge } from "@/lib/notifications/relative-time";
import { cn } from "@/lib/utils";

export interface NotificationBellLabels {
  title: string;
  /** Contains "{count}". */
  button: string;
  markAllRead: string;
  empty: string;
  justNow: string;
  unread: string;
  loadFailed: string;
}

/** One row of GET /api/notifications (lib/notifications/queries.ts). */
interface Item {
  id: string;
  title: string;
  message: string;
  actionUrl: string | null;
  read: boolean;
  createdAt: string;
}

const POLL_MS = 60_000;

/**
 * SPEC section 2's notification bell, with the signed-in user's real notifications: unread count,
 * a list that marks an item read and goes to its action URL, 'Mark all read'. Strings come from the
 * server as props (ADR 5); this module is loaded only for signed-in users.
 */
export function NotificationBell({ labels, locale }: { labels: NotificationBellLabels; locale: Locale }) {
  const router = useRouter();
  const root = useRef<HTMLDivElement>(null);
  const [items, setItems] = useState<Item[] | null>(null);
  const [unread, setUnread] = useState(0);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => new Date());

  const load = useCallback(async () => {
    try {
      const response = await fetch(`/api/notifications?locale=${locale}`, { credentials: "include", cache: "no-store" });
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      const data = (await response.json()) as { items: Item[]; unreadCount: number };
      setItems(data.items);
      setUnread(Math.max(0, data.unreadCount));
      setFailed(false);
    } catch (error) {
      console.error("Could not load notifications", error);
      setFailed(true);
    } finally {
      setNow(new Date());
    }
  }, [locale]);

  // Poll every minute while the tab is visible, and catch up when it becomes visible again.
  useEffect(() => {
    const visible = () => document.visibilityState === "visible";
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading data from the API when the bell appears
    void load();
    const timer = window.setInterval(() => visible() && void load(), POLL_MS);
    const onVisibility = () => visible() && void load();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [load]);

  // Close on Escape or a click outside.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onPointer);
    window.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      window.removeEventListener("keydown", onKey);
    };
  }, [open]);

  function toggle() {
    setOpen((value) => !value);
    if (!open) void load();
  }

  function choose(item: Item) {
    setOpen(false);
    if (!item.read) {
      setItems((current) => current?.map((other) => (other.id === item.id ? { ...other, read: true } : other)) ?? null);
      setUnread((count) => Math.max(0, count - 1));
      void post(`/api/notifications/${item.id}/read`).then((count) => count !== null && setUnread(Math.max(0, count)));
    }
    // Only the app's own paths (the server sets them); never an outside address.
    if (item.actionUrl?.startsWith("/") && !item.actionUrl.startsWith("//")) router.push(localePath(item.actionUrl, locale));
  }

  function markAllRead() {
    setItems((current) => current?.map((item) => ({ ...item, read: true })) ?? null);
    setUnread(0);
    void post("/api/notifications/read-all").then((count) => count !== null && setUnread(Math.max(0, count)));
  }

  const badge = unreadBadge(unread);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls="notification-list"
        aria-label={labels.button.replace("{count}", String(unread))}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-muted"
        data-testid="notification-bell"
      >
        <Bell aria-hidden className="h-5 w-5" />
        {badge && (
          <span
            className="absolute -end-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
            data-testid="notification-count"
            aria-hidden
          >
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notification-list"
          role="region"
          aria-label={labels.title}
          className="absolute end-0 top-12 z-50 w-80 max-w-[calc(100vw-2rem)] rounded-md border bg-background text-foreground shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
            <h2 className="text-sm font-semibold">{labels.title}</h2>
            <button type="button" onClick={markAllRead} disabled={unread === 0} className="min-h-10 px-2 text-sm font-medium text-primary underline-offset-2 hover:underline disabled:text-muted-foreground disabled:no-underline">
              {labels.markAllRead}
            </button>
          </div>
          {failed && items === null && (
            <p role="alert" className="p-4 text-sm text-destructive">
              {labels.loadFailed}
            </p>
          )}
          {items?.length === 0 && <p className="p-4 text-sm text-muted-foreground">{labels.empty}</p>}
          {items && items.length > 0 && (
            <ul className="max-h-96 divide-y overflow-y-auto">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => choose(item)}
                    className={cn("flex w-full gap-2 px-3 py-2 text-start hover:bg-muted", !item.read && "bg-primary/5")}
                    data-testid="notification-item"
                    data-read={item.read}
                  >
                    <span aria-hidden className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.read ? "bg-transparent" : "bg-primary")} />
                    <span className="min-w-0 flex-1">
                      <span className={cn("block text-sm", !item.read && "font-semibold")}>
                        {!item.read && <span className="sr-only">{labels.unread}: </span>}
                        {item.title}
                      </span>
                      <span className="block text-sm text-muted-foreground">{item.message}</span>
                      <time dateTime={item.createdAt} className="block text-xs text-muted-foreground">
                        {relativeTime(item.createdAt, now, locale, labels.justNow)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** POSTs to a notifications route; the new unread count, or null when it failed (the next poll corrects the view). */
async function post(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { method: "POST", credentials: "include" });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    return ((await response.json()) as { unreadCount: number }).unreadCount;
  } catch (error) {
    console.error("Could not update notifications", error);
    return null;
  }
}
