"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Clock, RefreshCw, Search } from "lucide-react";
import { formSpecialtySlugs } from "@/content/specialties";
import { adminTabs, type AdminSubmission, type AdminTab } from "@/lib/contracts/cases";
import { Link } from "@/components/i18n/link";
import type { FileView } from "@/lib/contracts/files";
import { submissionStatuses, statusText } from "@/lib/contracts/submissions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadState } from "@/components/ui/load-state";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CaseFileList } from "@/components/files/case-file-list";
import { FilePreviewDialog } from "./file-preview-dialog";
import { RoutingBadges, SubmissionBadges, useSpecialtyName } from "./submission-badges";
import { useAdminSubmissions, type AdminListFilters } from "@/client/queries/admin-cases";
import { loadStatus } from "@/client/queries/load-status";

/** The admin dashboard, once past the password gate: every submission, in four tabs, each its own server query. */
export function AdminDashboard() {
  const t = useTranslations("admin");
  const [query, setQuery] = useState("");
  const [filters, setFilters] = useState<AdminListFilters>({ q: "", status: "", urgency: "", specialty: "", source: "", overdue: "" });
  const [tab, setTab] = useState<AdminTab>("all");
  const { list, counts: loadedCounts, refresh, loadMore, loadingMore } = useAdminSubmissions(filters, tab);
  const status = loadStatus(list);
  const [preview, setPreview] = useState<FileView | null>(null);

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setFilters((current) => ({ ...current, q: query.trim() }));
  }

  const counts = loadedCounts ?? { total: 0, urgent: 0, registered: 0, withFiles: 0, overdue: 0 };
  const tabs: Record<AdminTab, { label: string; render: (s: AdminSubmission) => ReactNode }> = {
    all: { label: t("tabAll", { count: counts.total }), render: (s) => <FullCard submission={s} onPreview={setPreview} /> },
    urgent: { label: t("tabUrgent", { count: counts.urgent }), render: (s) => <UrgentRow submission={s} /> },
    registered: { label: t("tabRegistered", { count: counts.registered }), render: (s) => <CompactRow submission={s} detail={s.userEmail ?? s.email} /> },
    files: {
      label: t("tabWithFiles", { count: counts.withFiles }),
      render: (s) => <CompactRow submission={s} detail={t("fileCount", { count: s.files.length })} />,
    },
  };
  const overdueOnly = filters.overdue === "true";

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <h1 className="text-3xl font-bold">{t("title")}</h1>
          <Badge variant="blue" data-testid="admin-total">
            {t("totalBadge", { count: counts.total })}
          </Badge>
        </div>
        <div className="flex flex-wrap gap-2">
          <nav aria-label={t("adminNav")} className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <Link href="/admin-dashboard/partners">{t("partnersLink")}</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/admin-dashboard/audit">{t("auditLink")}</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/admin-dashboard/insights">{t("insightsLink")}</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/google-drive-setup">{t("storageLink")}</Link>
            </Button>
          </nav>
          <Button variant="outline" onClick={() => void refresh()}>
            <RefreshCw aria-hidden className="h-4 w-4" /> {t("refresh")}
          </Button>
        </div>
      </header>

      <form method="post" onSubmit={onSearch} role="search" className="flex max-w-xl items-end gap-2">
        <div className="flex-1 space-y-1">
          <Label htmlFor="admin-search">{t("searchLabel")}</Label>
          <Input id="admin-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden className="h-4 w-4" /> {t("search")}
        </Button>
      </form>
      <Filters filters={filters} onChange={(change) => setFilters((current) => ({ ...current, ...change }))} />
      <Button
        variant={overdueOnly ? "destructive" : "outline"}
        aria-pressed={overdueOnly}
        data-testid="admin-overdue-filter"
        onClick={() => setFilters((current) => ({ ...current, overdue: overdueOnly ? "" : "true" }))}
      >
        <Clock aria-hidden className="h-4 w-4" /> {t("overdueFilter", { count: counts.overdue })}
      </Button>

      {loadedCounts === null ? (
        <LoadState status={status} labels={{ loading: t("loading"), failed: t("loadFailed"), retry: t("retry") }} onRetry={() => void refresh()} />
      ) : (
        <Tabs value={tab} onValueChange={(value) => setTab(value as AdminTab)}>
          {/* On a phone the tabs wrap rather than scroll: every count stays in view. */}
          <TabsList className="flex-wrap">
            {adminTabs.map((value) => (
              <TabsTrigger key={value} value={value}>
                {tabs[value].label}
              </TabsTrigger>
            ))}
          </TabsList>
          {adminTabs.map((value) => (
            <TabsContent key={value} value={value} className="space-y-4">
              {value === tab && (
                <>
                  <LoadState status={status} labels={{ loading: t("loading"), failed: t("loadFailed"), retry: t("retry") }} onRetry={() => void refresh()} />
                  {list.data &&
                    (list.data.items.length === 0 ? (
                      <p className="text-muted-foreground">{t("empty")}</p>
                    ) : (
                      list.data.items.map((s) => <div key={s.id}>{tabs[value].render(s)}</div>)
                    ))}
                  {list.data?.nextCursor && (
                    <Button variant="outline" onClick={loadMore} disabled={loadingMore}>
                      {t("loadMore")}
                    </Button>
                  )}
                </>
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}

      <FilePreviewDialog file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

/** Status, urgency, specialty and source filters; each change reloads the list from the server. */
function Filters({ filters, onChange }: { filters: AdminListFilters; onChange: (change: Partial<AdminListFilters>) => void }) {
  const t = useTranslations("admin");
  const specialty = useSpecialtyName();
  const tu = { urgent: t("urgencyUrgent"), standard: t("urgencyStandard"), flexible: t("urgencyFlexible") };
  const selects: { key: "status" | "urgency" | "specialty" | "source"; label: string; options: [string, string][] }[] = [
    { key: "status", label: t("filterStatus"), options: submissionStatuses.map((status) => [status, statusText(status).toUpperCase()]) },
    { key: "urgency", label: t("filterUrgency"), options: Object.entries(tu) },
    { key: "specialty", label: t("filterSpecialty"), options: formSpecialtySlugs.map((slug) => [slug, specialty(slug)]) },
    {
      key: "source",
      label: t("filterSource"),
      options: [
        ["authenticated", t("sourceRegistered")],
        ["guest", t("sourceGuest")],
      ],
    },
  ];
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">{t("filters")}</legend>
      {selects.map(({ key, label, options }) => (
        <div key={key} className="space-y-1">
          <Label htmlFor={`admin-filter-${key}`}>{label}</Label>
          <NativeSelect id={`admin-filter-${key}`} value={filters[key]} onChange={(event) => onChange({ [key]: event.target.value })}>
            <NativeSelectOption value="">{t("filterAny")}</NativeSelectOption>
            {options.map(([value, text]) => (
              <NativeSelectOption key={value} value={value}>
                {text}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
      ))}
    </fieldset>
  );
}

type CardProps = { submission: AdminSubmission };

function FullCard({ submission: s, onPreview }: CardProps & { onPreview: (file: FileView) => void }) {
  const t = useTranslations("admin");
  const format = useFormatter();
  const specialty = useSpecialtyName();
  const created = new Date(s.createdAt);
  return (
    <Card data-testid="admin-submission">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle asChild>
            <h2 className="text-xl">{s.patientName}</h2>
          </CardTitle>
          <SubmissionBadges submission={s} />
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Item label={t("trackingNumber")} value={s.trackingNumber} mono />
          <Item label={t("email")} value={s.userEmail ?? s.email} />
          <Item label={t("specialty")} value={specialty(s.specialty)} />
          <Item label={t("created")} value={format.dateTime(created, { dateStyle: "medium" })} />
          {s.medicalCondition && <Item label={t("medicalCondition")} value={s.medicalCondition} />}
          <Item label={t("homeCountry")} value={s.homeCountry} />
          {s.budget && <Item label={t("budget")} value={s.budget} />}
        </dl>
        <p className="text-sm">{s.consent ? t("consentProvided", { name: s.consentFullName }) : t("noConsent")}</p>
        <CaseFileList files={s.files} preview={{ onPreview }} signedLink showType label={t("files")} itemTestId="admin-file" />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
          <span>{t("submittedAt", { date: format.dateTime(created, { dateStyle: "medium", timeStyle: "short" }) })}</span>
          <ViewDetails submission={s} />
        </div>
      </CardContent>
    </Card>
  );
}

/** 'View Details' opens the case page. */
function ViewDetails({ submission: s }: CardProps) {
  const t = useTranslations("admin");
  return (
    <Button variant="outline" size="sm" asChild>
      <Link href={`/admin-dashboard/cases/${s.id}`}>
        {t("viewDetails")}
        <span className="sr-only">: {s.patientName}</span>
      </Link>
    </Button>
  );
}

function UrgentRow({ submission: s }: CardProps) {
  const specialty = useSpecialtyName();
  return <CompactRow submission={s} detail={[specialty(s.specialty), s.medicalCondition].filter(Boolean).join(" · ")} />;
}

function CompactRow({ submission: s, detail }: CardProps & { detail: string }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-2 py-4">
        <div className="space-y-1">
          <p className="font-semibold">{s.patientName}</p>
          <p className="text-sm text-muted-foreground">{detail}</p>
          <RoutingBadges routing={s.routing} />
        </div>
        <ViewDetails submission={s} />
      </CardContent>
    </Card>
  );
}

function Item({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="font-medium">{label}</dt>
      <dd className={mono ? "font-mono" : "text-muted-foreground"}>{value}</dd>
    </div>
  );
}
