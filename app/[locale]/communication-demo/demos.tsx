import { Bell, MessageCircle } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { supportTopics } from "@/components/layout/support-widget";
import { siteConfig, whatsappUrl } from "@/lib/site-config";
import { promiseValues } from "@/lib/contracts/promise";

/** Sample data only: no real submission has this number. */
const SAMPLE_TRACKING_NUMBER = "AFB-2025-000142";

const sampleLanguages = [
  { key: "hausa", lang: "ha" },
  { key: "yoruba", lang: "yo" },
  { key: "igbo", lang: "ig" },
  { key: "swahili", lang: "sw" },
  { key: "french", lang: "fr" },
  { key: "arabic", lang: "ar" },
] as const;

/** Quick actions that open WhatsApp with a prefilled message to the support number. */
export async function MessagingDemo() {
  const t = await getTranslations("demo.messaging");
  const tSupport = await getTranslations("support");
  // Without a configured WhatsApp number there is nothing to open.
  if (!siteConfig.whatsappDigits) return null;
  return (
    <>
      <p className="text-sm text-muted-foreground">{t("hint")}</p>
      <ul className="mt-3 grid grid-cols-2 gap-2">
        {supportTopics.map((topic) => (
          <li key={topic}>
            <a
              href={whatsappUrl(tSupport(`topics.${topic}.message`)) ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-11 items-center justify-center gap-2 rounded-md bg-primary px-3 py-2 text-center text-sm font-medium text-primary-foreground hover:bg-primary/90"
            >
              <MessageCircle aria-hidden className="size-4 shrink-0" />
              {t(`actions.${topic}`)}
              <span className="sr-only"> {tSupport("opensWhatsApp")}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A sample in-app notification, as the bell shows it. */
export async function NotificationDemo() {
  const t = await getTranslations("demo.notifications");
  return (
    <div className="flex gap-3 rounded-md bg-secondary p-3">
      <Bell aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-semibold">
          {t("sampleTitle")}
          <span className="size-2 rounded-full bg-primary" aria-hidden />
          <span className="sr-only">{t("unread")}</span>
        </p>
        <p className="mt-1 text-sm">{t("sampleBody", { trackingNumber: SAMPLE_TRACKING_NUMBER })}</p>
        <p className="mt-2 flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <span>{t("sampleTime")}</span>
          <span className="font-medium text-primary">{t("sampleAction")}</span>
        </p>
      </div>
    </div>
  );
}

/** Six of the languages we answer in, each greeting the reader. */
export async function LanguagesDemo() {
  const t = await getTranslations("demo.languages");
  return (
    <ul aria-label={t("gridLabel")} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {sampleLanguages.map(({ key, lang }) => (
        <li key={key} lang={lang} className="rounded-md border p-3 text-center">
          <span className="block font-semibold">{t(`items.${key}.name`)}</span>
          <span className="block text-sm text-muted-foreground">{t(`items.${key}.greeting`)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A preview of the e-mail that confirms a submission. */
export async function EmailDemo() {
  const t = await getTranslations("demo.email");
  const header = [
    { label: t("from"), value: siteConfig.supportEmail },
    { label: t("to"), value: t("sampleRecipient") },
    { label: t("subject"), value: t("sampleSubject", { trackingNumber: SAMPLE_TRACKING_NUMBER }) },
  ];
  return (
    <figure aria-label={t("previewLabel")} className="overflow-hidden rounded-md border text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-b bg-muted p-3">
        {header.map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-3 p-4">
        <p>{t("sampleGreeting")}</p>
        <p>{t("sampleBody", promiseValues)}</p>
        <p className="rounded-md bg-secondary p-3">
          <span className="block text-xs text-secondary-foreground">{t("trackingLabel")}</span>
          <span dir="ltr" className="font-mono text-base font-semibold">
            {SAMPLE_TRACKING_NUMBER}
          </span>
        </p>
        <p className="font-semibold">{t("nextStepsTitle")}</p>
        <ol className="list-decimal space-y-1 ps-5">
          {(["review", "hospitals", "compare"] as const).map((step) => (
            <li key={step}>{t(`nextSteps.${step}`)}</li>
          ))}
        </ol>
        <p>{t("signature")}</p>
      </div>
    </figure>
  );
}
