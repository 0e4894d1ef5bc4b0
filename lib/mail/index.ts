import "server-only";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

let transport: nodemailer.Transporter | undefined;

/**
 * Sends through SMTP when SMTP_URL is set. Without it (development) the message is written as an
 * .eml file to DATA_DIR/outbox and its path logged, so nothing is silently dropped.
 * Neither the log line nor a thrown error names the recipient or the subject (which can hold a
 * tracking number or a hospital's name): the callers log failures with their own ids.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const env = getEnv();
  const mail = { from: env.MAIL_FROM, to: message.to, subject: message.subject, text: message.text };
  if (env.SMTP_URL) {
    transport ??= nodemailer.createTransport(env.SMTP_URL);
    try {
      await transport.sendMail(mail);
    } catch (error) {
      throw deliveryError(error);
    }
    return;
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(mail);
  const outbox = path.join(env.DATA_DIR, "outbox");
  await mkdir(outbox, { recursive: true, mode: 0o700 });
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${built.messageId.replace(/[^a-zA-Z0-9]/g, "").slice(0, 16)}.eml`);
  await writeFile(file, built.message as Buffer, { mode: 0o600 });
  log.info({ path: file }, "[mail] SMTP_URL is not set: message kept in the outbox");
}

/**
 * Nodemailer's errors quote the SMTP server's answer, which names the refused recipient, and list the
 * addresses themselves: only what says why it failed is kept.
 */
function deliveryError(error: unknown): Error {
  const { code, responseCode, command } = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  const details = [code, command, responseCode].filter((value) => typeof value === "string" || typeof value === "number").join(" ");
  return Object.assign(new Error(`E-mail could not be sent${details ? ` (${details})` : ""}`), { code, responseCode, command });
}

/** For tests that switch SMTP servers. */
export function resetMailForTests(): void {
  transport?.close();
  transport = undefined;
}
