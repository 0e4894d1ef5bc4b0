"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { DOCUMENT_REQUEST_MAX, DOCUMENT_REQUEST_MIN, documentRequestSchema, type AdminCase } from "@/lib/contracts/cases";
import { useErrorText } from "@/client/errors";
import { useDocumentRequest } from "@/client/queries/admin-cases";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useActionFailed } from "./action-failed";

/** What the coordinator asked the patient for, whether they have added files since, and the form to ask again. */
export function CaseDocumentRequests({ data }: { data: AdminCase }) {
  const t = useTranslations("adminCase");
  const format = useFormatter();
  const errorText = useErrorText();
  const failed = useActionFailed();
  const request = useDocumentRequest(data.id);
  const form = useForm({ resolver: zodResolver(documentRequestSchema), defaultValues: { message: "" } });
  const messageError = form.formState.errors.message?.message;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const tooShort = useWatch({ control: form.control, name: "message" }).trim().length < DOCUMENT_REQUEST_MIN;

  const onSubmit = form.handleSubmit((body) =>
    request.mutate(body, {
      onSuccess: () => {
        form.reset();
        toast({ title: t("documentsRequested") });
      },
      onError: (error) => failed(error, form),
    }),
  );

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
          <Textarea
            id="document-request"
            {...form.register("message")}
            minLength={DOCUMENT_REQUEST_MIN}
            maxLength={DOCUMENT_REQUEST_MAX}
            rows={3}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? "document-request-error document-request-hint" : "document-request-hint"}
          />
          {messageError && (
            <p id="document-request-error" className="text-destructive">
              {errorText(messageError, { minimum: DOCUMENT_REQUEST_MIN, maximum: DOCUMENT_REQUEST_MAX })}
            </p>
          )}
          <p id="document-request-hint" className="text-muted-foreground">
            {t("requestHint")}
          </p>
          <Button type="submit" disabled={tooShort || request.isPending}>
            {request.isPending ? t("sending") : t("requestDocuments")}
          </Button>
        </form>
      ) : (
        <p className="text-muted-foreground">{t("documentsClosed")}</p>
      )}
    </div>
  );
}
