import { getTranslations } from "next-intl/server";
import type { CheckupPackage } from "@/content/checkups";
import { messageKey } from "@/content/message-keys";

/** A check-up package: name, who it is for, and what it includes. */
export async function CheckupCard({ pkg }: { pkg: CheckupPackage }) {
  const t = await getTranslations();
  return (
    <li data-testid="checkup-card" className="flex flex-col gap-3 rounded-lg border bg-card p-5 shadow-sm">
      <h3 className="text-lg font-semibold">{t(messageKey.checkupPackage(pkg.id))}</h3>
      <p className="text-sm text-muted-foreground">{t(messageKey.checkupPackageDescription(pkg.id))}</p>
      <p className="text-sm font-medium">
        {pkg.extends ? t("checkups.everythingIn", { package: t(messageKey.checkupPackage(pkg.extends)) }) : t("checkups.includesLabel")}
      </p>
      <ul className="space-y-1 text-sm">
        {pkg.adds.map((item) => (
          <li key={item} className="check-item">
            {t(messageKey.checkupItem(item))}
          </li>
        ))}
      </ul>
    </li>
  );
}
