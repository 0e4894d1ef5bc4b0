"use client";

import { useTranslations } from "next-intl";
import { Link, usePathname, useRouter } from "@/lib/i18n/navigation";
import { markSignedOut, useSession } from "@/lib/auth/use-session";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";

export function AuthStatus({ stacked = false }: { stacked?: boolean }) {
  const t = useTranslations("nav");
  const tc = useTranslations("common");
  const session = useSession();
  const pathname = usePathname();
  const router = useRouter();
  const layout = cn("flex gap-2", stacked ? "flex-col items-stretch" : "items-center");

  if (session.status === "loading") return <span className="px-3 text-sm text-muted-foreground">{tc("loading")}</span>;

  const user = session.status === "ready" && session.me.isAuthenticated ? session.me.user : null;
  if (!user) {
    const returnTo = pathname === "/simple-login.html" || pathname === "/simple-signup.html" ? undefined : pathname;
    return (
      <div className={layout}>
        <Button asChild variant="ghost">
          <Link href={{ pathname: "/simple-login.html", query: returnTo ? { next: returnTo } : {} }}>{t("login")}</Link>
        </Button>
        <Button asChild>
          <Link href="/simple-signup.html">{t("signUp")}</Link>
        </Button>
      </div>
    );
  }

  async function logout() {
    const response = await fetch("/api/auth/logout", { method: "POST", credentials: "include" }).catch((error: unknown) => {
      console.error("Logout failed", error);
      return null;
    });
    if (!response?.ok) {
      toast({ title: t("logoutFailed"), variant: "destructive" });
      return;
    }
    markSignedOut();
    router.push("/");
    router.refresh();
  }

  return (
    <div className={layout}>
      <span className="text-sm text-muted-foreground" data-testid="welcome-line">
        {t("welcome", { username: user.username })}
      </span>
      <Button asChild variant="outline">
        <Link href="/journey">{t("myJourney")}</Link>
      </Button>
      <Button variant="ghost" onClick={logout}>
        {t("logout")}
      </Button>
    </div>
  );
}
