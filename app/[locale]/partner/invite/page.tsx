import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { AcceptInvitationForm } from "@/components/partner/accept-invitation-form";
import { PageMessages } from "@/components/patient/page-messages";
import type { Locale } from "@/lib/i18n/locales";
import { describeInvitation } from "@/lib/partners/invitations";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ token?: string | string[] }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "partner" });
  // The token must not leak through the Referer header to other sites.
  return { title: t("inviteMetaTitle"), robots: { index: false }, referrer: "no-referrer" };
}

/** Where the invitation e-mail leads: who is invited for which hospital, then username and password. */
export default async function PartnerInvitePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const token = (await searchParams).token;
  const invitation = await describeInvitation(typeof token === "string" ? token : "");
  const t = await getTranslations("partner");

  if (invitation.state !== "valid") {
    return (
      <AuthCard title={t("inviteTitle")} subtitle="">
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {t(`inviteState.${invitation.state}`)}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("inviteTitle")} subtitle={t("inviteSubtitle", { name: invitation.name, hospitalName: invitation.hospitalName })}>
      <p className="mb-4 text-sm">{t("inviteEmail", { email: invitation.email })}</p>
      <PageMessages namespaces={["partner"]}>
        <AcceptInvitationForm token={token as string} />
      </PageMessages>
    </AuthCard>
  );
}
