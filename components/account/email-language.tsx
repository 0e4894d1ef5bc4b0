"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/client/errors";
import { useSetEmailLanguage } from "@/client/queries/account";
import { localeNames, locales, type Locale } from "@/lib/i18n/locales";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";

/** Staff choose the language of the e-mails about their work (cases routed, plans chosen); each language in its own name. */
export function EmailLanguage({ current }: { current: Locale }) {
  const t = useTranslations("account.emailLanguage");
  const errorText = useErrorText();
  const [locale, setLocale] = useState<Locale>(current);
  const save = useSetEmailLanguage();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { locale },
              { onSuccess: () => toast({ title: t("saved") }), onError: (error) => toast({ title: errorText(error), variant: "destructive" }) },
            );
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor="email-language">{t("label")}</Label>
            <select
              id="email-language"
              value={locale}
              onChange={(event) => setLocale(event.target.value as Locale)}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            >
              {locales.map((value) => (
                <option key={value} value={value} lang={value}>
                  {localeNames[value]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" disabled={save.isPending}>
            {t("save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
