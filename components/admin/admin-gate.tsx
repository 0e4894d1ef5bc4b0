"use client";

import { useState, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminUnlockSchema } from "@/lib/contracts/admin";
import { ApiError } from "@/client/api";
import { useErrorText } from "@/client/errors";
import { useAdminUnlock } from "@/client/queries/admin-access";

/**
 * The admin password gate, checked on the server: the admin re-enters their own password; on success the
 * server sets the unlock cookie that every admin API requires. Children render only once unlocked;
 * without children (a server page that read nothing while locked) the page is rendered again.
 */
export function AdminGate({ initiallyUnlocked, children }: { initiallyUnlocked: boolean; children?: ReactNode }) {
  const t = useTranslations("admin");
  const router = useRouter();
  const [unlocked, setUnlocked] = useState(initiallyUnlocked);
  const errorText = useErrorText();
  const unlock = useAdminUnlock();
  const form = useForm({ resolver: zodResolver(adminUnlockSchema), defaultValues: { password: "" } });
  const [error, setError] = useState<string | null>(null);
  const password = useWatch({ control: form.control, name: "password" });
  const pending = unlock.isPending;

  if (unlocked) return <>{children}</>;

  const onSubmit = form.handleSubmit((body) => {
    setError(null);
    unlock.mutate(body, {
      onSuccess: () => {
        if (children === undefined) router.refresh();
        setUnlocked(true);
      },
      // A wrong password is a 400; anything else says why (in the page's language) or that the check failed.
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.status === 400
            ? t("incorrectPassword")
            : failure instanceof ApiError && failure.status > 0
              ? errorText(failure)
              : t("unlockFailed"),
        ),
      onSettled: () => {
        form.reset({ password: "" });
        form.setFocus("password");
      },
    });
  });

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="flex items-center gap-2 text-2xl">
              <Lock aria-hidden className="h-5 w-5" /> {t("gateTitle")}
            </h1>
          </CardTitle>
          <CardDescription>{t("gateText")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form method="post" onSubmit={onSubmit} className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="admin-password">{t("passwordLabel")}</Label>
              <Input
                id="admin-password"
                type="password"
                autoComplete="current-password"
                {...form.register("password")}
                aria-invalid={!!error}
                aria-describedby={error ? "admin-password-error" : undefined}
                required
              />
              {error && (
                <p id="admin-password-error" role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            <Button type="submit" className="w-full" disabled={pending || !password}>
              {pending ? t("unlocking") : t("unlock")}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
