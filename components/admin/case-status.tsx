"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { caseStatusChangeSchema, NOTE_MAX, type AdminCase } from "@/lib/contracts/cases";
import type { SubmissionStatus } from "@/lib/contracts/submissions";
import { useErrorText } from "@/client/errors";
import { useCaseStatusChange } from "@/client/queries/admin-cases";
import { statusColour, statusText } from "@/lib/contracts/submissions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useActionFailed } from "./action-failed";

const upper = (status: string) => statusText(status).toUpperCase();

/** The case's status, the moves a coordinator may make by hand (each with an optional note), and the history. */
export function CaseStatus({ data }: { data: AdminCase }) {
  const t = useTranslations("adminCase");
  const format = useFormatter();
  const [target, setTarget] = useState<SubmissionStatus | null>(null);

  return (
    <div className="space-y-4 text-sm">
      <p className="flex items-center gap-2">
        <span className="font-medium">{t("currentStatus")}</span>
        <Badge variant={statusColour(data.status)} data-testid="case-status">
          {upper(data.status)}
        </Badge>
      </p>
      {data.actions.transitions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {data.actions.transitions.map((to) => (
            <Button key={to} variant={to === "cancelled" ? "destructive" : "default"} onClick={() => setTarget(to)}>
              {t.has(`transition.${to}`) ? t(`transition.${to}`) : t("moveTo", { status: upper(to) })}
            </Button>
          ))}
        </div>
      ) : (
        <p className="text-muted-foreground">{t("noTransitions")}</p>
      )}
      <div>
        <h3 className="mb-2 font-medium">{t("historyTitle")}</h3>
        <ol className="space-y-3 border-s ps-4" data-testid="case-history">
          {[...data.history].reverse().map((change) => (
            <li key={change.at + change.to}>
              <p className="font-medium">{upper(change.to)}</p>
              <p className="text-muted-foreground">
                {format.dateTime(new Date(change.at), { dateStyle: "medium", timeStyle: "short" })} ·{" "}
                {change.by ? t("by", { name: change.by.name, role: t(`role.${change.by.role}`) }) : t("bySystem")}
              </p>
              {change.note && <p className="whitespace-pre-wrap">{change.note}</p>}
            </li>
          ))}
        </ol>
      </div>
      {target && <ConfirmTransition caseId={data.id} to={target} onClose={() => setTarget(null)} />}
    </div>
  );
}

function ConfirmTransition({ caseId, to, onClose }: { caseId: string; to: SubmissionStatus; onClose: () => void }) {
  const t = useTranslations("adminCase");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const failed = useActionFailed();
  const change = useCaseStatusChange(caseId);
  const form = useForm({ resolver: zodResolver(caseStatusChangeSchema), defaultValues: { to, note: "" } });
  const noteError = form.formState.errors.note?.message;
  const pending = change.isPending;

  const confirm = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        toast({ title: t("statusChanged", { status: upper(to) }) });
        onClose();
      },
      onError: (error) => failed(error, form),
    }),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent closeLabel={tc("close")}>
        <DialogHeader>
          <DialogTitle>{t("confirmTitle", { status: upper(to) })}</DialogTitle>
          <DialogDescription>{to === "cancelled" || to === "closed" ? t("confirmFinal") : t("confirmText")}</DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor="status-note">{t("noteLabel")}</Label>
          <Textarea
            id="status-note"
            {...form.register("note")}
            maxLength={NOTE_MAX}
            rows={3}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? "status-note-error" : undefined}
          />
          {noteError && (
            <p id="status-note-error" className="text-sm text-destructive">
              {errorText(noteError, { maximum: NOTE_MAX })}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t("dismiss")}
          </Button>
          <Button variant={to === "cancelled" ? "destructive" : "default"} onClick={() => void confirm()} disabled={pending}>
            {pending ? t("saving") : t("confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
