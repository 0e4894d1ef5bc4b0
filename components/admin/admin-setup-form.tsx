"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { readError } from "./read-error";

/** SPEC section 2, Admin setup: promote an account with the server's setup key (never shown here). */
export function AdminSetupForm({ enabled }: { enabled: boolean }) {
  const t = useTranslations("adminSetup");
  const [email, setEmail] = useState("");
  const [adminKey, setAdminKey] = useState("");
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!email.trim() || !adminKey) return toast({ title: t("missingTitle"), description: t("missingText"), variant: "destructive" });
    setPending(true);
    try {
      const response = await fetch("/api/admin/setup", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: email.trim(), adminKey }),
      });
      if (!response.ok) return toast({ title: t("failedTitle"), description: (await readError(response)) ?? t("failedText"), variant: "destructive" });
      setAdminKey("");
      toast({ title: t("successTitle"), description: t("successText") });
    } catch {
      toast({ title: t("failedTitle"), description: t("failedText"), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mx-auto max-w-lg space-y-6 px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-2xl">{t("title")}</h1>
          </CardTitle>
          <CardDescription>{t("intro")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {!enabled && (
            <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-semibold">{t("disabledTitle")}</p>
              <p>{t("disabledText")}</p>
            </div>
          )}
          <form method="post" onSubmit={onSubmit} className="space-y-4" noValidate>
            <div className="space-y-2">
              <Label htmlFor="setup-email">{t("emailLabel")}</Label>
              <Input id="setup-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} disabled={!enabled} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="setup-key">{t("keyLabel")}</Label>
              <Input id="setup-key" type="password" autoComplete="off" value={adminKey} onChange={(e) => setAdminKey(e.target.value)} disabled={!enabled} />
            </div>
            <Button type="submit" className="w-full" disabled={!enabled || pending}>
              {pending ? t("pending") : t("submit")}
            </Button>
          </form>
          <section className="space-y-2 text-sm">
            <h2 className="font-semibold">{t("instructionsTitle")}</h2>
            <ol className="list-decimal space-y-1 ps-5 text-muted-foreground">
              <li>{t("stepCreateAccount")}</li>
              <li>{t("stepEmail")}</li>
              <li>{t("stepKey")}</li>
              <li>{t("stepSubmit")}</li>
            </ol>
          </section>
          <Link href="/simple-login.html" className="inline-block text-sm text-primary underline-offset-4 hover:underline">
            {t("backToLogin")}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
