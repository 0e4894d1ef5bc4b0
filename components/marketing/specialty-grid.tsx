import { ArrowRight } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";
import { cardTreatments, homeSpecialtySlugs, type HomeSpecialtySlug } from "@/content/specialties";
import { messageKey } from "@/content/message-keys";
import { paths } from "@/content/paths";

/** A card per home specialty: its name, up to three example treatments and a consultation link. */
export async function SpecialtyGrid({
  slugs = homeSpecialtySlugs,
  headingLevel: Heading = "h3",
}: {
  slugs?: readonly HomeSpecialtySlug[];
  headingLevel?: "h2" | "h3";
}) {
  const t = await getTranslations();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {slugs.map((slug) => {
        const name = t(messageKey.specialtyName(slug));
        return (
          <li key={slug} data-testid="specialty-card" className="flex flex-col rounded-lg border bg-card p-5 shadow-sm">
            <Heading className="text-lg font-semibold">{name}</Heading>
            <ul className="mt-3 flex-1 list-disc space-y-1 ps-5 text-sm text-muted-foreground">
              {cardTreatments(slug).map((treatment) => (
                <li key={treatment}>{t(messageKey.treatment(treatment))}</li>
              ))}
            </ul>
            <Link
              href={paths.specialty(slug)}
              className="mt-4 inline-flex min-h-10 items-center gap-1 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {t("specialtyPage.consultLink", { specialty: name })}
              <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
