import { getTranslations } from "next-intl/server";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";

export async function NotFoundPage({ locale }: { locale?: string }) {
  const t = locale ? await getTranslations({ locale, namespace: "notFound" }) : await getTranslations("notFound");
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{t("title")}</title>
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <p className="mt-4 text-muted-foreground">{t("description")}</p>
      <Link href="/" locale={locale} className="mt-8 inline-block rounded-md bg-primary px-5 py-3 font-medium text-primary-foreground">
        {t("backHome")}
      </Link>
    </section>
  );
}
