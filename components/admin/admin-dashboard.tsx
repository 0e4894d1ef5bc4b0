"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { RefreshCw, Search } from "lucide-react";
import type { AdminSubmission } from "@/lib/admin/submissions";
import { Link } from "@/lib/i18n/navigation";
import type { FileView } from "@/lib/submissions/queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadState } from "@/components/ui/load-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AdminFileList } from "./admin-file-list";
import { FilePreviewDialog } from "./file-preview-dialog";
import { SubmissionBadges, useSpecialtyName } from "./submission-badges";
import { SubmissionDetailsDialog } from "./submission-details-dialog";
import { useAdminSubmissions } from "./use-admin-submissions";

/** SPEC section 2, Admin dashboard (after the gate): every submission, in four tabs. */
export function AdminDashboard() {
  const t = useTranslations("admin");
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const { state, refresh, loadMore } = useAdminSubmissions(search);
  const [selected, setSelected] = useState<AdminSubmission | null>(null);
  const [preview, setPreview] = useState<FileView | null>(null);

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setSearch(query.trim());
  }

  const page = state.status === "ready" ? state.page : null;
  const items = page?.items ?? [];
  const counts = page?.counts ?? { total: 0, urgent: 0, registered: 0, withFiles: 0 };
  const tabs: { value: string; label: string; items: AdminSubmission[]; render: (s: AdminSubmission) => ReactNode }[] = [
    { value: "all", label: t("tabAll", { count: counts.total }), items, render: (s) => <FullCard submission={s} onSelect={setSelected} onPreview={setPreview} /> },
    { value: "urgent", label: t("tabUrgent", { count: counts.urgent }), items: items.filter((s) => s.urgency === "urgent"), render: (s) => <UrgentRow submission={s} onSelect={setSelected} /> },
    { value: "registered", label: t("tabRegistered", { count: counts.registered }), items: items.filter((s) => s.source === "authenticated"), render: (s) => <CompactRow submission={s} detail={s.userEmail ?? s.email} onSelect={setSelected} /> },
    { value: "files", label: t("tabWithFiles", { count: counts.withFiles }), items: items.filter((s) => s.files.length > 0), render: (s) => <CompactRow submission={s} detail={t("fileCount", { count: s.files.length })} onSelect={setSelected} /> },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <h1 className="text-3xl font-bold">{t("title")}</h1>
          <Badge variant="blue" data-testid="admin-total">
            {t("totalBadge", { count: counts.total })}
          </Badge>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <Link href="/google-drive-setup">{t("storageLink")}</Link>
          </Button>
          <Button variant="outline" onClick={() => void refresh()}>
            <RefreshCw aria-hidden className="h-4 w-4" /> {t("refresh")}
          </Button>
        </div>
      </header>

      <form onSubmit={onSearch} role="search" className="flex max-w-xl items-end gap-2">
        <div className="flex-1 space-y-1">
          <Label htmlFor="admin-search">{t("searchLabel")}</Label>
          <Input id="admin-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden className="h-4 w-4" /> {t("search")}
        </Button>
      </form>

      <LoadState status={state.status} labels={{ loading: t("loading"), failed: t("loadFailed"), retry: t("retry") }} onRetry={() => void refresh()} />
      {page && (
        <Tabs defaultValue="all">
          <TabsList>
            {tabs.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((tab) => (
            <TabsContent key={tab.value} value={tab.value} className="space-y-4">
              {tab.items.length === 0 ? <p className="text-muted-foreground">{t("empty")}</p> : tab.items.map((s) => <div key={s.id}>{tab.render(s)}</div>)}
            </TabsContent>
          ))}
        </Tabs>
      )}
      {page?.nextCursor && state.status === "ready" && (
        <Button variant="outline" onClick={() => void loadMore()} disabled={state.loadingMore}>
          {t("loadMore")}
        </Button>
      )}

      <SubmissionDetailsDialog submission={selected} onClose={() => setSelected(null)} onPreview={setPreview} />
      <FilePreviewDialog file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

type CardProps = { submission: AdminSubmission; onSelect: (s: AdminSubmission) => void };

function FullCard({ submission: s, onSelect, onPreview }: CardProps & { onPreview: (file: FileView) => void }) {
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
        <AdminFileList files={s.files} onPreview={onPreview} />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
          <span>{t("submittedAt", { date: format.dateTime(created, { dateStyle: "medium", timeStyle: "short" }) })}</span>
          <Button variant="outline" size="sm" onClick={() => onSelect(s)}>
            {t("viewDetails")}
            <span className="sr-only">: {s.patientName}</span>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function UrgentRow({ submission: s, onSelect }: CardProps) {
  const specialty = useSpecialtyName();
  return <CompactRow submission={s} detail={[specialty(s.specialty), s.medicalCondition].filter(Boolean).join(" · ")} onSelect={onSelect} />;
}

function CompactRow({ submission: s, detail, onSelect }: CardProps & { detail: string }) {
  const t = useTranslations("admin");
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-2 py-4">
        <div>
          <p className="font-semibold">{s.patientName}</p>
          <p className="text-sm text-muted-foreground">{detail}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => onSelect(s)}>
          {t("viewDetails")}
          <span className="sr-only">: {s.patientName}</span>
        </Button>
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
