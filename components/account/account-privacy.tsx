"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Download, Trash2 } from "lucide-react";
import { showApiError, useErrorText } from "@/client/errors";
import { useDeleteAccount } from "@/client/queries/account";
import { markSignedOut } from "@/client/use-session";
import { deleteAccountSchema } from "@/lib/contracts/account";
import { useRouter } from "@/lib/i18n/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** The issue message of a typed address that is not the account's own (a key of `account`). */
const MISMATCH = "mismatch";

/** "Download my data" (one streamed zip) and "Delete my account" (confirmed by typing the e-mail). */
export function AccountPrivacy({ email }: { email: string }) {
  const t = useTranslations("account");
  const errorText = useErrorText();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const deletion = useDeleteAccount();
  // The server's schema, and in the browser also: the address typed must be the account's own.
  const form = useForm({
    resolver: zodResolver(
      deleteAccountSchema.refine((value) => value.confirmEmail.toLowerCase() === email.toLowerCase(), { path: ["confirmEmail"], message: MISMATCH }),
    ),
    defaultValues: { confirmEmail: "" },
  });
  const busy = deletion.isPending;
  const matches = useWatch({ control: form.control, name: "confirmEmail" }).trim().toLowerCase() === email.toLowerCase();
  const fieldError = form.formState.errors.confirmEmail ?? form.formState.errors.root?.server;
  const error = !fieldError?.message
    ? null
    : fieldError.type === "server"
      ? fieldError.message
      : fieldError.message === MISMATCH
        ? t("mismatch")
        : errorText(fieldError.message);

  const deleteAccount = form.handleSubmit((input) =>
    deletion.mutate(input, {
      onSuccess: () => {
        markSignedOut();
        router.replace("/");
        router.refresh(); // no server-rendered page keeps showing the deleted account
      },
      onError: (failure) => showApiError(form, failure, errorText),
    }),
  );

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
          form.reset();
        }}
      >
        <DialogContent closeLabel={t("cancel")}>
          <form method="post" onSubmit={deleteAccount} noValidate className="space-y-4">
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
                {...form.register("confirmEmail")}
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
