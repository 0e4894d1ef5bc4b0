import type { Metadata } from "next";
import { MapPin } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CtaLinks } from "@/components/marketing/cta-links";
import { HospitalGroupPage } from "@/components/marketing/hospital-group-page";
import { marketingMetadata, pageLocale, type LocaleParams } from "@/components/marketing/page-setup";
import { paths } from "@/content/paths";

type Props = { params: LocaleParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return marketingMetadata(params, { namespace: "hospitals.memorial", path: paths.hospitalGroup("memorial") });
}

export default async function MemorialHospitalsPage({ params }: Props) {
  setRequestLocale(await pageLocale(params));
  return <HospitalGroupPage group="memorial" notice={<AbujaNotice />} />;
}

/** Free consultations at the group's office in Abuja. */
async function AbujaNotice() {
  const t = await getTranslations("hospitals.memorial");
  return (
    <aside aria-labelledby="abuja-heading" data-testid="abuja-notice" className="mx-auto mt-8 max-w-6xl px-4">
      <div className="flex flex-col gap-4 rounded-lg border border-primary/30 bg-secondary p-6 sm:flex-row sm:items-center">
        <MapPin aria-hidden="true" className="size-10 shrink-0 text-primary" />
        <div className="flex-1">
          <h2 id="abuja-heading" className="text-xl font-semibold text-secondary-foreground">
            {t("abujaTitle")}
          </h2>
          <p className="mt-1 text-secondary-foreground">{t("abujaBody")}</p>
        </div>
        <CtaLinks links={[{ href: paths.contact, label: t("abujaCta") }]} />
      </div>
    </aside>
  );
}
