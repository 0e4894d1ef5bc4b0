import type { Metadata } from "next";
import { localizedPageMetadata, type LocaleParams } from "@/lib/seo/page-metadata";

export { pageLocale, type LocaleParams } from "@/lib/seo/page-metadata";

/** Where a page's title and description are: `<namespace>.<prefix>Title` and `...Description`. */
export interface PageMessages {
  namespace: string;
  path: string;
  prefix?: string;
}

/** A marketing page's metadata: unique title and description, canonical and language alternates. */
export function marketingMetadata(params: LocaleParams, { namespace, path, prefix = "meta" }: PageMessages): Promise<Metadata> {
  return localizedPageMetadata(params, { namespace, path, titleKey: `${prefix}Title`, descriptionKey: `${prefix}Description` });
}
