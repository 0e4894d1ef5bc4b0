"use client";

import { useTranslations } from "next-intl";
import { CircleCheck, CircleX, HardDrive, RefreshCw } from "lucide-react";
import { useStorageStatus } from "@/client/queries/storage";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

type Status = { state: "checking" } | { state: "connected"; where: string } | { state: "failed"; error: string };
const steps = ["Bucket", "Credentials", "Variables", "Restart"] as const;
const benefits = ["benefitEncrypted", "benefitPrivate", "benefitAudited", "benefitScale"] as const;

/** The cloud-storage page, for the configured store: GET /api/test-google-drive answers { success, email, error }. */
export function StorageStatus() {
  const t = useTranslations("storageStatus");
  const query = useStorageStatus();
  const answer = query.data;
  const status: Status =
    query.isFetching || (!answer && !query.isError)
      ? { state: "checking" }
      : answer?.success && !query.isError
        ? { state: "connected", where: answer.email }
        : { state: "failed", error: query.isError || !answer ? t("checkFailed") : (answer.error ?? answer.email) };

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </header>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle asChild>
            <h2 className="flex items-center gap-2">
              <HardDrive aria-hidden className="h-5 w-5" /> {t("statusTitle")}
            </h2>
          </CardTitle>
          <Button variant="outline" onClick={() => void query.refetch()} disabled={status.state === "checking"}>
            <RefreshCw aria-hidden className="h-4 w-4" /> {t("refresh")}
          </Button>
        </CardHeader>
        <CardContent role="status" data-testid="storage-status">
          {status.state === "checking" && <p className="text-muted-foreground">{t("checking")}</p>}
          {status.state === "connected" && (
            <div className="space-y-1">
              <p className="flex items-center gap-2 font-semibold text-green-800">
                <CircleCheck aria-hidden className="h-5 w-5" /> {t("connected")}
              </p>
              <p className="break-words text-sm">{t("connectedTo", { location: status.where })}</p>
            </div>
          )}
          {status.state === "failed" && (
            <div className="space-y-1">
              <p className="flex items-center gap-2 font-semibold text-destructive">
                <CircleX aria-hidden className="h-5 w-5" /> {t("failed")}
              </p>
              <p className="break-words text-sm">{t("failedWith", { error: status.error })}</p>
            </div>
          )}
        </CardContent>
      </Card>

      <section className="space-y-3">
        <h2 className="text-2xl font-semibold">{t("stepsTitle")}</h2>
        <ol className="grid gap-3 md:grid-cols-2">
          {steps.map((step, index) => (
            <li key={step} className="rounded-lg border p-4">
              <h3 className="font-semibold">
                {index + 1}. {t(`step${step}Title`)}
              </h3>
              <p className="text-sm text-muted-foreground">{t(`step${step}Text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="space-y-2">
        <h2 className="text-2xl font-semibold">{t("layoutTitle")}</h2>
        <p className="text-sm text-muted-foreground">{t("layoutText")}</p>
        <pre className="w-fit rounded-md bg-muted px-3 py-2 text-sm" dir="ltr">
          submissions/&lt;id&gt;/
        </pre>
      </section>

      <section className="space-y-2">
        <h2 className="text-2xl font-semibold">{t("benefitsTitle")}</h2>
        <ul className="list-disc space-y-1 ps-5 text-sm">
          {benefits.map((benefit) => (
            <li key={benefit}>{t(benefit)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
