import "server-only";
import type { Tx } from "@/lib/db/transaction";
import { asLocale, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import { sendMail } from "@/lib/mail";
import { log } from "@/lib/log";
import { localizedUrl } from "@/lib/seo/metadata";
import { nameForMail } from "@/lib/contracts/people";
import type { NotificationEvent } from "./events";

/** Who a notification is for: a patient's case (bell for its account, e-mail to its address) or staff users. */
export type Recipient =
  | { kind: "patient"; submission: { id: string; userId: string | null; email: string; patientName: string; locale: string } }
  | { kind: "hospital"; hospitalId: string; submissionId: string }
  | { kind: "admins"; submissionId?: string };

interface PendingMail {
  to: string;
  locale: Locale;
  name: string;
  /** How the name is labelled: a patient's case, or a staff member's own account. */
  nameLabel: "patientNameLine" | "accountNameLine";
  event: NotificationEvent;
  actionPath: string;
}

/**
 * Notifications are written in the same transaction as the change they report (so they exist if and
 * only if it committed); their e-mails go out after the commit:
 *
 *   const outbox = new NotificationOutbox();
 *   await db().$transaction(async (tx) => { ...; await outbox.add(tx, recipient, event); });
 *   outbox.sendEmails();
 */
export class NotificationOutbox {
  private readonly mails: PendingMail[] = [];

  async add(tx: Tx, recipient: Recipient, event: NotificationEvent): Promise<void> {
    const { type, ...params } = event;
    if (recipient.kind === "patient") {
      const { submission } = recipient;
      const actionPath = submission.userId ? "/journey" : "/track";
      if (submission.userId)
        await tx.notification.create({ data: { userId: submission.userId, submissionId: submission.id, type, params, actionUrl: actionPath } });
      this.mails.push({
        to: submission.email,
        locale: asLocale(submission.locale),
        name: submission.patientName,
        nameLabel: "patientNameLine",
        event,
        actionPath,
      });
      return;
    }
    if (recipient.kind === "admins") {
      const admins = await tx.user.findMany({
        where: { role: "admin", banned: { not: true } },
        select: { id: true, email: true, name: true, emailLocale: true },
      });
      const actionPath = recipient.submissionId ? `/admin-dashboard/cases/${recipient.submissionId}` : "/admin-dashboard";
      for (const admin of admins) {
        await tx.notification.create({ data: { userId: admin.id, submissionId: recipient.submissionId ?? null, type, params, actionUrl: actionPath } });
        this.mails.push({ to: admin.email, locale: asLocale(admin.emailLocale), name: admin.name, nameLabel: "accountNameLine", event, actionPath });
      }
      return;
    }
    const partners = await tx.user.findMany({
      where: { role: "partner", hospitalId: recipient.hospitalId, banned: { not: true } },
      select: { id: true, email: true, name: true, emailLocale: true },
    });
    const actionPath = `/partner/cases/${recipient.submissionId}`;
    for (const partner of partners) {
      await tx.notification.create({ data: { userId: partner.id, submissionId: recipient.submissionId, type, params, actionUrl: actionPath } });
      this.mails.push({ to: partner.email, locale: asLocale(partner.emailLocale), name: partner.name, nameLabel: "accountNameLine", event, actionPath });
    }
  }

  /** Sends the e-mails (SMTP when configured, else the development outbox); a failure is logged, never thrown. */
  sendEmails(): void {
    for (const mail of this.mails.splice(0))
      void sendNotificationEmail(mail).catch((error) => log.error({ type: mail.event.type, err: error }, "Could not send a notification e-mail"));
  }
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The event's parameters ready for its texts, in the reader's language: a status by its name, dates and times in UTC. */
export async function notificationValues(
  event: NotificationEvent | ({ type: string } & Record<string, unknown>),
  locale: Locale,
): Promise<Record<string, string>> {
  const values = Object.fromEntries(
    Object.entries(event)
      .filter(([key]) => key !== "type")
      .map(([key, value]) => [key, String(value ?? "")]),
  );
  if (values.status) values.status = (await translatorFor(locale, "statuses"))(values.status);
  const dates = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
  for (const [key, value] of Object.entries(values))
    if (ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) values[key] = dates.format(new Date(value));
  return values;
}

async function sendNotificationEmail(mail: PendingMail): Promise<void> {
  const t = await translatorFor(mail.locale, "notifications");
  const email = await translatorFor(mail.locale, "emails");
  const values = await notificationValues(mail.event, mail.locale);
  const { type } = mail.event;
  const name = nameForMail(mail.name);
  await sendMail({
    to: mail.to,
    subject: t(`${type}.title`, values),
    text: [
      email("salutation"),
      "",
      ...(name ? [email(mail.nameLabel, { name }), ""] : []),
      t(`${type}.message`, values),
      "",
      localizedUrl(mail.actionPath, mail.locale),
      "",
      email("signature"),
    ].join("\n"),
  });
}
