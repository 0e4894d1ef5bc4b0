"use client";

import { useTranslations } from "next-intl";
import { Link } from "@/components/i18n/link";
import { usePartnerCases } from "@/client/queries/partner-cases";
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
  const list = usePartnerCases(initial);
  const pages = list.data?.pages ?? [initial];
  // Rows are keyed by case: a case routed again while paging shows once.
  const cases = [...new Map(pages.flatMap((page) => page.cases).map((item) => [item.id, item])).values()];
  const loading = list.isFetchingNextPage;
  const failed = list.isFetchNextPageError;

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
      {list.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={loading}>
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
            <RoutingBadge routing={item.routing} />
            <AnswerClock routing={item.routing} now={now} />
          </div>
        </div>
        <Link
          href={`/partner/cases/${item.id}`}
          className="inline-flex min-h-10 items-center rounded-md border px-4 text-sm font-medium text-primary hover:bg-muted"
        >
          {t("openCase")}
          <span className="sr-only"> {item.trackingNumber}</span>
        </Link>
      </CardContent>
    </Card>
  );
}
