"use client";

import { useState, type FormEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { ArrowLeft, Search } from "lucide-react";
import type { AuditLogItem } from "@/lib/contracts/audit-log";
import { Link } from "@/components/i18n/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadState } from "@/components/ui/load-state";
import { ApiError } from "@/client/api";
import { useAuditLog, type AuditFilters } from "@/client/queries/audit-log";
import { loadStatus } from "@/client/queries/load-status";

export type { AuditFilters };

const KNOWN_ACTIONS = [
  "file.read",
  "file.link",
  "submission.create",
  "submission.add_files",
  "submission.status_change",
  "plan.approve",
  "track.verified",
  "admin.unlock",
  "admin.setup_attempt",
  "user.grant_admin",
];

/** Who read or changed which case or file, when and from where; filtered by case, user and action, newest first. */
export function AuditLogView({ initialFilters }: { initialFilters: AuditFilters }) {
  const t = useTranslations("auditLog");
  const [form, setForm] = useState(initialFilters);
  const [filters, setFilters] = useState(initialFilters);
  const log = useAuditLog(filters);
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  const status = loadStatus(log);
  // 400 and 404 carry a reason worth showing (an unknown tracking number or e-mail, a malformed filter).
  const reason = log.error instanceof ApiError && (log.error.status === 400 || log.error.status === 404) ? log.error.message : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFilters({ ...form });
  }

  function onClear() {
    const empty = { case: "", user: "", action: "" };
    setForm(empty);
    setFilters(empty);
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header className="space-y-2">
        <Link href="/admin-dashboard" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
          <ArrowLeft aria-hidden className="h-4 w-4 rtl:rotate-180" /> {t("backToDashboard")}
        </Link>
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("description")}</p>
      </header>

      <form method="post" onSubmit={onSubmit} role="search" aria-label={t("filters")} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto_auto]">
        <div className="space-y-1">
          <Label htmlFor="audit-case">{t("caseLabel")}</Label>
          <Input id="audit-case" value={form.case} placeholder="SUB-…" onChange={(e) => setForm({ ...form, case: e.target.value })} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-user">{t("userLabel")}</Label>
          <Input id="audit-user" type="email" value={form.user} onChange={(e) => setForm({ ...form, user: e.target.value })} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-action">{t("actionLabel")}</Label>
          <Input id="audit-action" list="audit-actions" value={form.action} onChange={(e) => setForm({ ...form, action: e.target.value })} />
          <datalist id="audit-actions">
            {KNOWN_ACTIONS.map((action) => (
              <option key={action} value={action} />
            ))}
          </datalist>
        </div>
        <Button type="submit">
          <Search aria-hidden className="h-4 w-4" /> {t("apply")}
        </Button>
        <Button type="button" variant="outline" onClick={onClear}>
          {t("clear")}
        </Button>
      </form>

      {status === "error" && reason ? (
        <p role="alert" className="text-destructive">
          {reason}
        </p>
      ) : (
        <LoadState status={status} labels={{ loading: t("loading"), failed: t("loadFailed"), retry: t("retry") }} onRetry={() => void log.refetch()} />
      )}

      {status === "ready" && items.length === 0 && <p className="text-muted-foreground">{t("empty")}</p>}
      {items.length > 0 && <AuditTable items={items} />}
      {log.hasNextPage && (
        <Button variant="outline" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
        </Button>
      )}
    </div>
  );
}

function AuditTable({ items }: { items: AuditLogItem[] }) {
  const t = useTranslations("auditLog");
  const format = useFormatter();
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm" data-testid="audit-table">
        <caption className="sr-only">{t("title")}</caption>
        <thead className="bg-muted text-start">
          <tr>
            {[t("when"), t("who"), t("action"), t("what"), t("address"), t("client")].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 text-start font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-t align-top">
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={item.at}>{format.dateTime(new Date(item.at), { dateStyle: "medium", timeStyle: "medium" })}</time>
              </td>
              <td className="px-3 py-2">
                <Who item={item} />
              </td>
              <td className="px-3 py-2">
                <code className="text-xs">{item.action}</code>
              </td>
              <td className="px-3 py-2">
                <What item={item} />
              </td>
              <td className="px-3 py-2 font-mono text-xs">{item.ipAddress ?? "—"}</td>
              <td className="px-3 py-2 text-xs" title={item.userAgent ?? undefined}>
                {item.client ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const ROLES = new Set(["patient", "partner", "admin", "guest", "system"]);

function Who({ item }: { item: AuditLogItem }) {
  const t = useTranslations("auditLog");
  const role = item.actorRole && ROLES.has(item.actorRole) ? t(`roles.${item.actorRole}`) : item.actorRole;
  if (!item.actor) return <span>{item.actorRole === "system" ? t("roles.system") : t("roles.guest")}</span>;
  return (
    <span className="block">
      <span className="block font-medium">{item.actor.name ?? t("deletedUser")}</span>
      {item.actor.email && <span className="block break-all text-muted-foreground">{item.actor.email}</span>}
      {role && <span className="block text-xs text-muted-foreground">{role}</span>}
    </span>
  );
}

function What({ item }: { item: AuditLogItem }) {
  const t = useTranslations("auditLog");
  const entity = item.entity;
  if (!entity) return <span className="text-muted-foreground">—</span>;
  const shortId = entity.id ? entity.id.slice(0, 8) : "";
  if (!("trackingNumber" in entity) && !("label" in entity))
    return <span className="text-muted-foreground">{t("gone", { type: entity.type, id: shortId })}</span>;
  const trackingNumber = "trackingNumber" in entity ? entity.trackingNumber : null;
  const label = "label" in entity ? entity.label : null;
  return (
    <span className="block">
      {label && <span className="block break-all font-medium">{label}</span>}
      {trackingNumber && <span className="block font-mono text-xs">{trackingNumber}</span>}
    </span>
  );
}
