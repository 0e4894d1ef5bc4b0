/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { checkupItems, checkupPackageIds, checkupPackages } from "@/content/checkups";
import { claims } from "@/content/claims";
import { departmentGroups } from "@/content/departments";
import {
  featuredHospitalIds,
  foundingYearColour,
  hospitalById,
  hospitalFeatureIds,
  hospitals,
  hospitalsOfGroup,
  hospitalsOffering,
  networkCities,
} from "@/content/hospitals";
import { contentMessageKeys } from "@/content/message-keys";
import { cardTreatments, formSpecialtySlugs, homeSpecialtySlugs, specialtyEnglishNames, specialtyTreatments } from "@/content/specialties";

type Messages = { [key: string]: string | Messages };
const english: Messages = JSON.parse(readFileSync(path.join(process.cwd(), "messages", "en.json"), "utf8"));
const allDepartments = () => departmentGroups.flatMap((group) => group.departments);
const lookup = (key: string) =>
  key.split(".").reduce<string | Messages | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), english);

describe("founding-year badge colour: green from 2015, blue 2010 to 2014, purple before", () => {
  test.each([
    [2025, "green"],
    [2015, "green"],
    [2014, "blue"],
    [2010, "blue"],
    [2009, "purple"],
    [1990, "purple"],
  ])("%i is %s", (year, colour) => {
    expect(foundingYearColour(year)).toBe(colour);
  });
});

describe("specialties", () => {
  test("the home page has 16 specialties, each a consultation-form option", () => {
    expect(homeSpecialtySlugs).toHaveLength(16);
    expect(homeSpecialtySlugs.every((slug) => (formSpecialtySlugs as readonly string[]).includes(slug))).toBe(true);
  });

  test("a home card shows at most 3 example treatments; Cardiology and Oncology list 12 on their page", () => {
    for (const slug of homeSpecialtySlugs) {
      expect(cardTreatments(slug).length).toBeGreaterThan(0);
      expect(cardTreatments(slug).length).toBeLessThanOrEqual(3);
    }
    expect(specialtyTreatments.cardiology).toHaveLength(12);
    expect(specialtyTreatments.oncology).toHaveLength(12);
    for (const slug of homeSpecialtySlugs) expect(new Set(specialtyTreatments[slug]).size).toBe(specialtyTreatments[slug].length);
  });

  test("the English display names match the names the database is seeded with", () => {
    for (const slug of formSpecialtySlugs) expect(lookup(`specialties.${slug}`)).toBe(specialtyEnglishNames[slug]);
  });

  test("every specialty is offered by at least two partner hospitals", () => {
    for (const slug of homeSpecialtySlugs) expect(hospitalsOffering(slug).length).toBeGreaterThanOrEqual(2);
  });
});

describe("hospitals", () => {
  test("Medipol has 10 hospitals and Memorial 8, with unique ids and names", () => {
    expect(hospitalsOfGroup("medipol")).toHaveLength(10);
    expect(hospitalsOfGroup("memorial")).toHaveLength(8);
    expect(new Set(hospitals.map((hospital) => hospital.id)).size).toBe(hospitals.length);
    expect(new Set(hospitals.map((hospital) => hospital.name)).size).toBe(hospitals.length);
  });

  test("every card has specialties, features and an accreditation, and is marked as reference data to confirm", () => {
    for (const hospital of hospitals) {
      expect(hospital.specialties.length).toBeGreaterThan(0);
      expect(hospital.features.length).toBeGreaterThan(0);
      expect(hospital.accreditations.length).toBeGreaterThan(0);
      expect(hospital.features.every((feature) => hospitalFeatureIds.includes(feature))).toBe(true);
      expect(hospital.referenceData).toBe("to-confirm");
    }
  });

  test("the home page names 10 distinct partner hospitals that exist", () => {
    expect(new Set(featuredHospitalIds).size).toBe(10);
    for (const id of featuredHospitalIds) expect(hospitalById(id)).toBeDefined();
  });

  test("the city map adds up to the 23+ hospitals across 5 cities the site claims", () => {
    expect(networkCities.map(({ city, hospitals: count }) => `${city} +${count}`)).toEqual([
      "Istanbul +15",
      "Ankara +2",
      "Antalya +2",
      "Kayseri +2",
      "Diyarbakır +2",
    ]);
    expect(networkCities.reduce((sum, city) => sum + city.hospitals, 0)).toBe(claims.networkHospitals.value);
    expect(networkCities).toHaveLength(claims.networkCities.value);
    for (const hospital of hospitals) expect(networkCities.map((city) => city.city)).toContain(hospital.city);
  });
});

describe("departments", () => {
  test("every hospital a department lists exists, once, and lists the department's specialty", () => {
    for (const department of allDepartments()) {
      expect(new Set(department.hospitalIds).size).toBe(department.hospitalIds.length);
      for (const id of department.hospitalIds) {
        const hospital = hospitalById(id);
        expect(hospital).toBeDefined();
        if (department.specialty)
          expect({ id, specialties: hospital?.specialties }).toEqual({ id, specialties: expect.arrayContaining([department.specialty]) });
      }
    }
  });

  test("every home specialty has a department, and department ids are unique", () => {
    const specialties = new Set(allDepartments().map((department) => department.specialty));
    for (const slug of homeSpecialtySlugs) expect(specialties).toContain(slug);
    expect(new Set(allDepartments().map((department) => department.id)).size).toBe(allDepartments().length);
  });

  test("only the language-support group has no submit button (no specialty)", () => {
    for (const group of departmentGroups) {
      for (const department of group.departments) expect(department.specialty === null).toBe(group.kind === "support");
    }
    expect(departmentGroups.filter((group) => group.kind === "support").map((group) => group.id)).toEqual(["languageSupport"]);
  });

  test("every department has treatments and at least one hospital", () => {
    for (const department of allDepartments()) {
      expect(department.treatments.length).toBeGreaterThan(0);
      expect(department.hospitalIds.length).toBeGreaterThan(0);
    }
  });
});

describe("check-up packages", () => {
  test("there are six check-up packages", () => {
    expect(checkupPackages.map((pkg) => pkg.id)).toEqual([...checkupPackageIds]);
    expect(checkupPackages).toHaveLength(6);
  });

  test("a package that builds on another includes all of it, without repeating a test", () => {
    for (const pkg of checkupPackages) {
      const items = checkupItems(pkg);
      expect(new Set(items).size).toBe(items.length);
    }
    const plusMen = checkupPackages.find((pkg) => pkg.id === "plusMen")!;
    const standardMen = checkupPackages.find((pkg) => pkg.id === "standardMen")!;
    expect(checkupItems(plusMen)).toEqual(expect.arrayContaining(checkupItems(standardMen)));
    expect(checkupItems(plusMen).length).toBeGreaterThan(checkupItems(standardMen).length);
  });
});

describe("messages", () => {
  test("every message key the content refers to exists in English and is not empty", () => {
    const missing = contentMessageKeys().filter((key) => {
      const value = lookup(key);
      return typeof value !== "string" || value.trim() === "";
    });
    expect(missing).toEqual([]);
  });
});
