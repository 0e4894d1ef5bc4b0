import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { HospitalGroupPage } from "@/components/marketing/hospital-group-page";
import { marketingMetadata, pageLocale, type LocaleParams } from "@/components/marketing/page-setup";
import { paths } from "@/content/paths";

type Props = { params: LocaleParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return marketingMetadata(params, { namespace: "hospitals.medipol", path: paths.hospitalGroup("medipol") });
}

export default async function MedipolHospitalsPage({ params }: Props) {
  setRequestLocale(await pageLocale(params));
  return <HospitalGroupPage group="medipol" />;
}
