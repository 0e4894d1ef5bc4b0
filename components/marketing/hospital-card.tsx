import { BadgeCheck, Building2, MapPin, Stethoscope } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { getFormatter, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { foundingYearColour, type HospitalRef } from "@/content/hospitals";
import { messageKey } from "@/content/message-keys";

type Translate = Awaited<ReturnType<typeof getTranslations>>;

/** "Bağcılar, Istanbul", with the city name translated. */
export function hospitalLocation(t: Translate, hospital: HospitalRef): string {
  return t("hospitalData.location", { district: hospital.district, city: t(messageKey.city(hospital.city)) });
}

/** A hospital card: name, founding year, location, specialties, features, accreditation. */
export async function HospitalCard({ hospital }: { hospital: HospitalRef }) {
  const t = await getTranslations();
  const format = await getFormatter();
  const year = format.number(hospital.established, { useGrouping: false });
  return (
    <li data-testid="hospital-card" className="flex flex-col gap-4 rounded-lg border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold">{hospital.name}</h3>
        <Badge data-testid="founding-year" variant={foundingYearColour(hospital.established)}>
          {t("hospitals.card.established", { year })}
        </Badge>
      </div>
      <dl className="grid gap-3 text-sm">
        <Fact icon={MapPin} label={t("hospitals.card.location")}>
          {hospitalLocation(t, hospital)}
        </Fact>
        <Fact icon={Stethoscope} label={t("hospitals.card.specialties")}>
          <TagList items={hospital.specialties.map((slug) => t(messageKey.specialtyName(slug)))} />
        </Fact>
        <Fact icon={Building2} label={t("hospitals.card.features")}>
          <ul className="list-disc ps-5">
            {hospital.features.map((feature) => (
              <li key={feature}>{t(messageKey.hospitalFeature(feature))}</li>
            ))}
          </ul>
        </Fact>
        <Fact icon={BadgeCheck} label={t("hospitals.card.accreditation")}>
          <TagList items={hospital.accreditations} />
        </Fact>
      </dl>
    </li>
  );
}

function Fact({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 font-medium">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        {label}
      </dt>
      <dd className="mt-1 text-muted-foreground">{children}</dd>
    </div>
  );
}

function TagList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item}>
          <Badge variant="secondary">{item}</Badge>
        </li>
      ))}
    </ul>
  );
}
