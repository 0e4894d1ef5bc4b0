"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { adminSetupSchema } from "@/lib/contracts/admin";
import { ApiError } from "@/client/api";
import { useAdminSetup } from "@/client/queries/admin-access";
import { Link } from "@/components/i18n/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";

/** Admin setup: promote an account with the server's setup key (never shown here). */
export function AdminSetupForm({ enabled }: { enabled: boolean }) {
  const t = useTranslations("adminSetup");
  const setup = useAdminSetup();
  const form = useForm({ resolver: zodResolver(adminSetupSchema), defaultValues: { email: "", adminKey: "" } });
  const pending = setup.isPending;

  const onSubmit = form.handleSubmit(
    (body) =>
      setup.mutate(body, {
        onSuccess: () => {
          form.resetField("adminKey");
          toast({ title: t("successTitle"), description: t("successText") });
        },
        // The server's reason is already in the page's language; a lost connection gets the general text.
        onError: (error) =>
          toast({
            title: t("failedTitle"),
            description: error instanceof ApiError && error.status > 0 ? error.message : t("failedText"),
            variant: "destructive",
          }),
      }),
    () => toast({ title: t("missingTitle"), description: t("missingText"), variant: "destructive" }),
  );

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
              <Input id="setup-email" type="email" autoComplete="email" {...form.register("email")} disabled={!enabled} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="setup-key">{t("keyLabel")}</Label>
              <Input id="setup-key" type="password" autoComplete="off" {...form.register("adminKey")} disabled={!enabled} />
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
