import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import { Button } from "@/components/ui/button";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "meta" });
  return { title: t("siteTitle"), description: t("siteDescription") };
}

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("home");
  return (
    <section className="bg-gradient-to-b from-secondary to-background">
      <div className="mx-auto max-w-4xl px-4 py-20 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{t("heroTitle")}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">{t("heroSubtitle")}</p>
        <Button asChild size="lg" className="mt-8">
          <Link href="/contact">{t("heroCta")}</Link>
        </Button>
      </div>
    </section>
  );
}
