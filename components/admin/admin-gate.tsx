"use client";

import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { readError } from "./read-error";

/**
 * SPEC's admin gate, checked on the server: the admin re-enters their own password; on success the
 * server sets the unlock cookie that every admin API requires. Children render only once unlocked;
 * without children (a server page that read nothing while locked) the page is rendered again.
 */
export function AdminGate({ initiallyUnlocked, children }: { initiallyUnlocked: boolean; children?: ReactNode }) {
  const t = useTranslations("admin");
  const router = useRouter();
  const [unlocked, setUnlocked] = useState(initiallyUnlocked);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  if (unlocked) return <>{children}</>;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const response = await fetch("/api/admin/unlock", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ password }),
      });
      if (response.ok) {
        if (children === undefined) router.refresh();
        return setUnlocked(true);
      }
      setError(response.status === 400 ? t("incorrectPassword") : ((await readError(response)) ?? t("unlockFailed")));
    } catch {
      setError(t("unlockFailed"));
    } finally {
      setPassword("");
      setPending(false);
      field.current?.focus();
    }
  }

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
                ref={field}
                id="admin-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
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
