import "server-only";
import { sendMail } from "@/lib/mail";
import { translatorFor } from "@/lib/i18n/messages";
import { localizedUrl } from "@/lib/seo/metadata";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { nameForMail } from "@/lib/contracts/people";
import { promiseValues } from "@/lib/contracts/promise";

/**
 * The confirmation a submitter receives: tracking number and what happens next, in their language.
 * The name the guest typed is data, on its own line after a label, never the start of a sentence.
 */
export async function sendSubmissionConfirmation(input: { to: string; trackingNumber: string; patientName: string; locale?: string; signedIn: boolean }) {
  const t = await translatorFor(input.locale, "emails");
  const locale = isLocale(input.locale) ? input.locale : defaultLocale;
  const link = localizedUrl(input.signedIn ? "/journey" : "/track", locale);
  const name = nameForMail(input.patientName);
  await sendMail({
    to: input.to,
    subject: t("confirmationSubject", { trackingNumber: input.trackingNumber }),
    text: [
      t("salutation"),
      "",
      ...(name ? [t("patientNameLine", { name }), ""] : []),
      t("confirmationReceived", { trackingNumber: input.trackingNumber }),
      "",
      t("nextStepsTitle"),
      `1. ${t("nextStep1")}`,
      `2. ${t("nextStep2", promiseValues)}`,
      `3. ${t("nextStep3")}`,
      "",
      t(input.signedIn ? "followOnJourney" : "followOnTrack", { link }),
      "",
      t("signature"),
    ].join("\n"),
  });
}

export async function sendTrackingCode(input: { to: string; code: string; trackingNumber: string; locale?: string }) {
  const t = await translatorFor(input.locale, "emails");
  await sendMail({
    to: input.to,
    subject: t("codeSubject"),
    text: [t("salutation"), "", t("codeBody", { code: input.code, trackingNumber: input.trackingNumber }), "", t("codeIgnore"), "", t("signature")].join("\n"),
  });
}
