"use client";

import { useTranslations } from "next-intl";
import { Toaster } from "@/components/ui/toaster";

export function AppToaster() {
  const t = useTranslations("common");
  return <Toaster viewportLabel={t("toastRegion", { hotkey: "F8" })} closeLabel={t("close")} />;
}
