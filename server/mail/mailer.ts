// One sendMail for the whole server: SMTP when SMTP_URL is set, otherwise nodemailer's jsonTransport
// with each message printed to the console and kept in <DATA_DIR>/outbox.
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "../lib/logger";

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir?: string;
  logger: Logger;
  /** Print jsonTransport messages to the console (the embedded default). */
  printToConsole?: boolean;
}

export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });

  return {
    async send(message) {
      const recipients = (Array.isArray(message.to) ? message.to : [message.to]).filter(Boolean);
      if (recipients.length === 0) return;
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: recipients,
          subject: message.subject,
          text: message.text,
          html: message.html ?? textToHtml(message.text),
        });
        if (!options.smtpUrl) keepInOutbox(options, recipients, message, info.messageId);
        options.logger.info({ event: "mail.sent", subject: message.subject, recipients: recipients.length }, "mail sent");
      } catch (err) {
        // A mail failure never undoes the action that caused it; it is logged for the operator.
        options.logger.error({ event: "mail.failed", subject: message.subject, err: (err as Error).message }, "mail failed");
      }
    },
    close() {
      transport.close();
    },
  };
}

function keepInOutbox(options: MailerOptions, to: string[], message: MailMessage, id: string | undefined) {
  if (options.printToConsole) {
    const bar = "-".repeat(72);
    process.stdout.write(`\n${bar}\nMAIL to ${to.join(", ")}\nSubject: ${message.subject}\n\n${message.text}\n${bar}\n`);
  }
  if (!options.outboxDir) return;
  try {
    fs.mkdirSync(options.outboxDir, { recursive: true });
    const safeId = (id ?? String(Math.random())).replace(/[^a-zA-Z0-9.-]/g, "");
    const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeId}.json`);
    fs.writeFileSync(file, JSON.stringify({ to, subject: message.subject, text: message.text, html: message.html }, null, 2));
  } catch (err) {
    options.logger.warn({ event: "mail.outbox_failed", err: (err as Error).message }, "could not keep mail in outbox");
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** Simple HTML twin of a plain-text mail: paragraphs, with every URL made a link. */
export function textToHtml(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((p) => {
    const linked = escapeHtml(p).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    return `<p>${linked.replace(/\n/g, "<br>")}</p>`;
  });
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${paragraphs.join("")}</body></html>`;
}
