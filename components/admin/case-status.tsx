"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import type { AdminCase } from "@/lib/contracts/cases";
import { statusColour, statusText } from "@/lib/contracts/submissions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { postCaseAction } from "./case-api";

export const NOTE_MAX = 1000;

const upper = (status: string) => statusText(status).toUpperCase();

/** The case's status, the moves a coordinator may make by hand (each with an optional note), and the history. */
export function CaseStatus({ data, onChange }: { data: AdminCase; onChange: (data: AdminCase) => void }) {
  const t = useTranslations("adminCase");
  const format = useFormatter();
  const [target, setTarget] = useState<string | null>(null);

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
      {target && <ConfirmTransition caseId={data.id} to={target} onClose={() => setTarget(null)} onChange={onChange} />}
    </div>
  );
}

function ConfirmTransition({ caseId, to, onClose, onChange }: { caseId: string; to: string; onClose: () => void; onChange: (data: AdminCase) => void }) {
  const t = useTranslations("adminCase");
  const tc = useTranslations("common");
  const [note, setNote] = useState("");
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      const result = await postCaseAction(caseId, "status", { to, note: note.trim() || undefined });
      onChange(result.case);
      toast({ title: t("statusChanged", { status: upper(to) }) });
      onClose();
    } catch (error) {
      toast({ title: t("actionFailed"), description: (error as Error).message, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent closeLabel={tc("close")}>
        <DialogHeader>
          <DialogTitle>{t("confirmTitle", { status: upper(to) })}</DialogTitle>
          <DialogDescription>{to === "cancelled" || to === "closed" ? t("confirmFinal") : t("confirmText")}</DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor="status-note">{t("noteLabel")}</Label>
          <Textarea id="status-note" value={note} maxLength={NOTE_MAX} onChange={(event) => setNote(event.target.value)} rows={3} />
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
