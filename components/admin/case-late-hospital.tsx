"use client";

import { useTranslations } from "next-intl";
import { Send } from "lucide-react";
import type { AdminCase } from "@/lib/contracts/cases";
import { useRouteCase } from "@/client/queries/admin-cases";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useActionFailed } from "./action-failed";

/**
 * When a hospital let its deadline pass (issue 21): the next suitable hospital (same specialty, fastest
 * median response, not yet asked; chosen on the server, lib/cases/routing.ts), routed in one click.
 */
export function CaseLateHospital({ data }: { data: AdminCase }) {
  const t = useTranslations("adminCase");
  const failed = useActionFailed();
  const route = useRouteCase(data.id);
  if (!data.actions.canRoute || !data.routings.some((routing) => routing.overdue)) return null;
  const next = data.suggestedHospital;
  return (
    <div role="status" className="mb-3 space-y-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="late-hospital">
      <p className="font-semibold">{t("lateTitle")}</p>
      {next ? (
        <>
          <p>
            {t("lateSuggestion", { hospital: next.name })} {next.medianHours === null ? t("lateNewPartner") : t("lateMedian", { hours: next.medianHours })}
          </p>
          <Button
            size="sm"
            disabled={route.isPending}
            onClick={() =>
              route.mutate(
                { hospitalIds: [next.id] },
                { onSuccess: (answer) => toast({ title: t("routedToast", { count: answer.routed.length }) }), onError: (error) => failed(error) },
              )
            }
          >
            <Send aria-hidden className="h-4 w-4" />
            {t("lateRoute", { hospital: next.name })}
          </Button>
        </>
      ) : (
        <p>{t("lateNoSuggestion")}</p>
      )}
    </div>
  );
}
