"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Download, Trash2 } from "lucide-react";
import { markSignedOut } from "@/client/use-session";
import { useRouter } from "@/lib/i18n/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** "Download my data" (one streamed zip) and "Delete my account" (confirmed by typing the e-mail). */
export function AccountPrivacy({ email }: { email: string }) {
  const t = useTranslations("account");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [confirmEmail, setConfirmEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = confirmEmail.trim().toLowerCase() === email.toLowerCase();

  async function deleteAccount(event: FormEvent) {
    event.preventDefault();
    if (!matches) return setError(t("mismatch"));
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/account", {
        method: "DELETE",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ confirmEmail }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        setError(body.error ?? t("deleteFailed"));
        return;
      }
      markSignedOut();
      router.replace("/");
      router.refresh(); // no server-rendered page keeps showing the deleted account
    } catch {
      setError(t("deleteFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t("exportTitle")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm text-muted-foreground">{t("exportText")}</p>
          <Button asChild>
            <a href="/api/account/export" download data-testid="export-link">
              <Download aria-hidden className="h-4 w-4" /> {t("exportButton")}
            </a>
          </Button>
        </CardContent>
      </Card>

      <Card className="border-destructive/50">
        <CardHeader>
          <CardTitle asChild>
            <h2>{t("deleteTitle")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm text-muted-foreground">{t("deleteText")}</p>
          <Button variant="destructive" onClick={() => setOpen(true)}>
            <Trash2 aria-hidden className="h-4 w-4" /> {t("deleteButton")}
          </Button>
        </CardContent>
      </Card>

      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (busy) return;
          setOpen(next);
          setError(null);
          setConfirmEmail("");
        }}
      >
        <DialogContent closeLabel={t("cancel")}>
          <form method="post" onSubmit={deleteAccount} className="space-y-4">
            <DialogHeader>
              <DialogTitle>{t("confirmTitle")}</DialogTitle>
              <DialogDescription>{t("deleteText")}</DialogDescription>
            </DialogHeader>
            <div className="space-y-2">
              <Label htmlFor="confirm-email">{t("confirmLabel", { email })}</Label>
              <Input
                id="confirm-email"
                type="email"
                autoComplete="off"
                value={confirmEmail}
                onChange={(event) => setConfirmEmail(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "confirm-error" : undefined}
              />
              {error && (
                <p id="confirm-error" role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
                {t("cancel")}
              </Button>
              <Button type="submit" variant="destructive" disabled={busy || !matches}>
                {busy ? t("deleting") : t("confirmButton")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
