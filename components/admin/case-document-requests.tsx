"use client";

import { useState, type FormEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import type { AdminCase } from "@/lib/contracts/cases";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { postCaseAction } from "./case-api";

/** The same limits as the API (lib/cases/document-requests.ts). */
const MIN = 5;
const MAX = 2000;

/** What the coordinator asked the patient for, whether they have added files since, and the form to ask again. */
export function CaseDocumentRequests({ data, onChange }: { data: AdminCase; onChange: (data: AdminCase) => void }) {
  const t = useTranslations("adminCase");
  const format = useFormatter();
  const [message, setMessage] = useState("");
  const [pending, setPending] = useState(false);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (message.trim().length < MIN || pending) return;
    setPending(true);
    try {
      const result = await postCaseAction(data.id, "document-requests", { message: message.trim() });
      onChange(result.case);
      setMessage("");
      toast({ title: t("documentsRequested") });
    } catch (error) {
      toast({ title: t("actionFailed"), description: (error as Error).message, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-4 text-sm">
      {data.documentRequests.length === 0 ? (
        <p className="text-muted-foreground">{t("noDocumentRequests")}</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {data.documentRequests.map((request) => (
            <li key={request.id} className="space-y-1 p-3" data-testid="document-request">
              <p className="whitespace-pre-wrap">{request.message}</p>
              <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
                {t("requestedAt", { date: when(request.createdAt) })}
                {request.requestedBy ? ` · ${request.requestedBy.name}` : ""}
                {request.fulfilledAt ? (
                  <Badge variant="green">{t("fulfilledAt", { date: when(request.fulfilledAt) })}</Badge>
                ) : (
                  <Badge variant="yellow">{t("waitingForPatient")}</Badge>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {data.actions.canRequestDocuments ? (
        <form method="post" onSubmit={onSubmit} className="space-y-2">
          <Label htmlFor="document-request">{t("requestLabel")}</Label>
          <Textarea id="document-request" value={message} minLength={MIN} maxLength={MAX} rows={3} onChange={(event) => setMessage(event.target.value)} aria-describedby="document-request-hint" />
          <p id="document-request-hint" className="text-muted-foreground">
            {t("requestHint")}
          </p>
          <Button type="submit" disabled={message.trim().length < MIN || pending}>
            {pending ? t("sending") : t("requestDocuments")}
          </Button>
        </form>
      ) : (
        <p className="text-muted-foreground">{t("documentsClosed")}</p>
      )}
    </div>
  );
}
