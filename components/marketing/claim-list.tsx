import { getFormatter, getTranslations } from "next-intl/server";
import { claims, type ClaimId } from "@/content/claims";
import { messageKey } from "@/content/message-keys";

/** Marketing claims ("50+ accredited partners"), numbers formatted for the locale. */
export async function ClaimList({ ids, label }: { ids: readonly ClaimId[]; label: string }) {
  const t = await getTranslations();
  const format = await getFormatter();
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      {ids.map((id) => {
        const { value, atLeast } = claims[id];
        const number = format.number(value);
        return (
          <div key={id} className="flex flex-col-reverse rounded-lg border bg-card p-4 text-center shadow-sm">
            <dt className="mt-1 text-sm text-muted-foreground">{t(messageKey.claim(id))}</dt>
            <dd className="text-3xl font-bold text-primary">{atLeast ? t("home.claimValue", { value: number }) : number}</dd>
          </div>
        );
      })}
    </dl>
  );
}
