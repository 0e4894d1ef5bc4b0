"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import type { PartnerCasePage, PartnerCaseSummary } from "@/lib/contracts/partners";
import { urgencyColour } from "@/lib/contracts/submissions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { AnswerClock } from "./answer-clock";
import { CaseStatusBadge } from "./case-status-badge";
import { RoutingBadge } from "./routing-badge";

/**
 * The partner's cases, newest routing first: the first page comes from the server, 'Load more' fetches
 * the next ones by cursor (GET /api/partner/cases?cursor=…) and adds them below.
 */
export function PartnerCaseList({ initial, now }: { initial: PartnerCasePage; now: string }) {
  const t = useTranslations("partner");
  const [cases, setCases] = useState<PartnerCaseSummary[]>(initial.cases);
  const [nextCursor, setNextCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  async function loadMore() {
    if (!nextCursor) return;
    setLoading(true);
    setFailed(false);
    try {
      const response = await fetch(`/api/partner/cases?cursor=${encodeURIComponent(nextCursor)}`, { credentials: "include", cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      const page = (await response.json()) as PartnerCasePage;
      setCases((shown) => [...shown, ...page.cases.filter((item) => !shown.some((old) => old.id === item.id))]);
      setNextCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  if (cases.length === 0) return <p className="rounded-md border p-6 text-center text-muted-foreground">{t("empty")}</p>;
  return (
    <div className="space-y-4">
      <ul className="space-y-3" aria-label={t("listLabel")}>
        {cases.map((item) => (
          <li key={item.id}>
            <CaseRow item={item} now={new Date(now)} />
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="text-sm text-destructive">
          {t("loadMoreFailed")}
        </p>
      )}
      {nextCursor && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void loadMore()} disabled={loading}>
            {loading ? t("loadingMore") : t("loadMore")}
          </Button>
        </div>
      )}
    </div>
  );
}

function CaseRow({ item, now }: { item: PartnerCaseSummary; now: Date }) {
  const t = useTranslations("partner");
  const specialties = useTranslations("specialties");
  return (
    <Card data-testid="partner-case">
      <CardContent className="flex flex-wrap items-center justify-between gap-4 py-4">
        <div className="min-w-0 space-y-1">
          <p className="font-mono text-sm font-semibold">{item.trackingNumber}</p>
          <p className="text-sm">
            {specialties.has(item.specialty) ? specialties(item.specialty) : item.specialty} · {t("routedAt", { date: new Date(item.routing.routedAt) })}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={urgencyColour(item.urgency)}>{t(`urgency.${item.urgency}`)}</Badge>
            <CaseStatusBadge status={item.status} />
            <RoutingBadge status={item.routing.status} />
            <AnswerClock routing={item.routing} now={now} />
          </div>
        </div>
        <Link href={`/partner/cases/${item.id}`} className="inline-flex min-h-10 items-center rounded-md border px-4 text-sm font-medium text-primary hover:bg-muted">
          {t("openCase")}
          <span className="sr-only"> {item.trackingNumber}</span>
        </Link>
      </CardContent>
    </Card>
  );
}
