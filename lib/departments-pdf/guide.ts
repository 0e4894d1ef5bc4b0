import "server-only";
import { checkupPackages, checkupItems } from "@/content/checkups";
import { departmentGroups, type Department, type DepartmentGroup } from "@/content/departments";
import { hospitalById } from "@/content/hospitals";
import { messageKey } from "@/content/message-keys";
import { paths } from "@/content/paths";
import { textDirection, type Locale } from "@/lib/i18n/locales";
import { localizedUrl } from "@/lib/seo/metadata";
import { CONTENT_WIDTH, FlowLayout, type Block, type Row } from "./layout";
import { guideTranslator, type GuideTranslator } from "./messages";
import { PdfCanvas } from "./pdf-document";
import { Typesetter, type Rgb, type TextStyle } from "./typesetter";
import { promiseValues } from "@/lib/contracts/promise";

/** The site's colours (app/globals.css): teal primary, dark text, grey secondary text. */
const teal: Rgb = [15, 118, 110];
const paleTeal: Rgb = [224, 242, 241];
const darkTeal: Rgb = [19, 78, 74];
const ink: Rgb = [15, 23, 42];
const grey: Rgb = [71, 85, 105];
const white: Rgb = [255, 255, 255];

const style = {
  brand: { font: "bold", size: 12, color: white },
  title: { font: "bold", size: 22, color: white },
  subtitle: { font: "regular", size: 11, color: white },
  body: { font: "regular", size: 10.5, color: ink },
  heading: { font: "bold", size: 16, color: teal },
  group: { font: "bold", size: 12.5, color: darkTeal },
  item: { font: "bold", size: 11.5, color: ink },
  label: { font: "bold", size: 9, color: grey },
  list: { font: "regular", size: 9.5, color: ink },
  note: { font: "regular", size: 9.5, color: grey },
  link: { font: "regular", size: 8.5, color: teal },
  footer: { font: "regular", size: 8, color: grey },
} as const satisfies Record<string, TextStyle>;

const LIST_SEPARATOR = "  ·  ";

/** The departments guide (groups, treatments, hospitals, check-up packages) as a PDF in one language. */
export async function renderDepartmentsGuide(locale: Locale): Promise<Buffer> {
  const t = await guideTranslator(locale);
  const url = (path: string) => localizedUrl(path, locale);
  const canvas = new PdfCanvas({ title: `${t("common.appName")} – ${t("departments.pdf.title")}`, language: locale });
  const layout = new FlowLayout(canvas, new Typesetter(textDirection(locale) === "rtl"));
  const paragraph = layout.paragraph.bind(layout);

  layout.add({ rows: titleBand(layout, t) });
  layout.add({ rows: paragraph(t("departments.pdf.intro", promiseValues), style.body), spaceBefore: 16 });

  layout.add(heading(layout, t("departments.pdf.departmentsHeading")));
  for (const group of departmentGroups) {
    layout.add({
      rows: [{ height: 24, fill: paleTeal, segments: [{ x: 0, text: t(messageKey.departmentGroup(group.id)), style: style.group }] }],
      spaceBefore: 14,
      keepWithNext: true,
    });
    for (const department of group.departments) layout.add(departmentBlock(layout, t, group, department, url));
  }

  layout.add(heading(layout, t("departments.pdf.checkupsHeading")));
  for (const pkg of checkupPackages) {
    const lead = pkg.extends ? t("departments.pdf.everythingIn", { package: t(messageKey.checkupPackage(pkg.extends)) }) : t("departments.pdf.includesLabel");
    layout.add({
      spaceBefore: 12,
      rows: [
        ...paragraph(t(messageKey.checkupPackage(pkg.id)), style.item),
        ...paragraph(t(messageKey.checkupPackageDescription(pkg.id)), style.note),
        ...paragraph(lead, style.label),
        ...layout.bulletColumns(
          (pkg.extends ? pkg.adds : checkupItems(pkg)).map((item) => t(messageKey.checkupItem(item))),
          style.list,
          2,
        ),
      ],
    });
  }
  const checkupUrl = url(paths.contactFor("health-checkup"));
  layout.add({ rows: paragraph(t("departments.pdf.requestCheckup", { url: checkupUrl }), style.link, { link: checkupUrl }), spaceBefore: 10 });

  layout.add(heading(layout, t("departments.pdf.contactHeading")));
  const contactUrl = url(paths.contact);
  layout.add({ rows: paragraph(t("departments.pdf.contact", { url: contactUrl }), style.body, { link: contactUrl }), spaceBefore: 8 });
  layout.add({ rows: paragraph(t("departments.pdf.referenceNote"), style.note), spaceBefore: 8 });

  layout.finish((page, count) => footerRow(layout, t("departments.pdf.footer"), t("departments.pdf.page", { page, pages: count })));
  return canvas.finish();
}

function titleBand(layout: FlowLayout, t: GuideTranslator): Row[] {
  const band = (text: string, textStyle: TextStyle, height?: number): Row[] =>
    layout.paragraph(text, textStyle, { indent: 8 }).map((row) => ({ ...row, height: height ?? row.height, fill: teal }));
  return [
    ...band(t("common.appName"), style.brand, 30),
    ...band(t("departments.pdf.title"), style.title, 30), // wrapped if a translation is long
    ...band(t("departments.pdf.subtitle"), style.subtitle),
    { height: 12, fill: teal, segments: [] },
  ];
}

function heading(layout: FlowLayout, text: string): Block {
  return { rows: layout.paragraph(text, style.heading), spaceBefore: 24, keepWithNext: true };
}

function departmentBlock(layout: FlowLayout, t: GuideTranslator, group: DepartmentGroup, department: Department, url: (path: string) => string): Block {
  const paragraph = layout.paragraph.bind(layout);
  const list = (label: string, items: readonly string[]) => [...paragraph(label, style.label), ...paragraph(items.join(LIST_SEPARATOR), style.list)];
  const submitUrl = department.specialty ? url(paths.contactFor(department.specialty)) : null;
  return {
    spaceBefore: 10,
    rows: [
      ...paragraph(t(messageKey.department(department.id)), style.item),
      ...list(
        t(group.kind === "support" ? "departments.pdf.servicesLabel" : "departments.pdf.treatmentsLabel"),
        department.treatments.map((id) => t(messageKey.treatment(id))),
      ),
      ...list(
        t("departments.pdf.hospitalsLabel"),
        department.hospitalIds.map((id) => hospitalById(id)!.name),
      ),
      ...(submitUrl ? paragraph(t("departments.pdf.submitFiles", { url: submitUrl }), style.link, { link: submitUrl }) : []),
    ],
  };
}

function footerRow(layout: FlowLayout, title: string, pageLabel: string): Row {
  return {
    height: 16,
    segments: [
      { x: 0, text: title, style: style.footer },
      { x: CONTENT_WIDTH - layout.typesetter.width(pageLabel, style.footer), text: pageLabel, style: style.footer },
    ],
  };
}
