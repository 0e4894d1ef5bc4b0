import "server-only";
import { formSpecialtySlugs, specialtyEnglishNames } from "@/content/specialties";
import { hospitalGroups, hospitals } from "@/content/hospitals";
import type { Db } from "./client";

/** Loads the reference data (specialties, hospital groups, hospitals). Safe to run any number of times. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.$transaction([
    ...formSpecialtySlugs.map((slug, sortOrder) =>
      db.specialty.upsert({
        where: { slug },
        create: { slug, name: specialtyEnglishNames[slug], sortOrder },
        update: { name: specialtyEnglishNames[slug], sortOrder },
      }),
    ),
    ...hospitalGroups.map((group) =>
      db.hospitalGroup.upsert({ where: { slug: group.slug }, create: group, update: { name: group.name, country: group.country } }),
    ),
    ...hospitals.map(({ id, name, group, city, country, established }) =>
      db.hospital.upsert({
        where: { id },
        create: { id, name, groupSlug: group, city, country, established },
        update: { name, groupSlug: group, city, country, established },
      }),
    ),
  ]);
}
