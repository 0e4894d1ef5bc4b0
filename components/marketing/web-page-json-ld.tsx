import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { localizedUrl } from "@/lib/seo/metadata";
import { JsonLd } from "@/components/seo/json-ld";
import type { PageMessages } from "./page-setup";
import { webPageJsonLd } from "./structured-data";
import { promiseValues } from "@/lib/contracts/promise";

/** schema.org WebPage (or MedicalWebPage) data for a page, named like its metadata. */
export async function WebPageJsonLd({
  locale,
  namespace,
  path,
  prefix = "meta",
  type,
}: PageMessages & { locale: Locale; type?: "WebPage" | "MedicalWebPage" }) {
  const t = await getTranslations({ locale, namespace });
  return (
    <JsonLd
      data={webPageJsonLd({
        url: localizedUrl(path, locale),
        name: t(`${prefix}Title`, promiseValues),
        description: t(`${prefix}Description`, promiseValues),
        locale,
        type,
      })}
    />
  );
}
