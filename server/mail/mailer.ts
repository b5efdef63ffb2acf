// One sendMail for the whole server: SMTP when SMTP_URL is set, otherwise nodemailer's jsonTransport
// with each message printed to the console and kept in <DATA_DIR>/outbox.
//
// Only the delivery worker (server/mail/delivery.ts) calls send, for mails services queued in the
// transaction of their change (server/mail/outbox.ts). An SMTP server that never answers must not
// hold the worker: the transport gives up after the connection, greeting and socket (inactivity)
// timeouts (SMTP_*_TIMEOUT_SECONDS; nodemailer's own are 2 min, 30 s and 10 min); a failure is
// logged and thrown, and the worker tries again later.
//
// The outbox holds live links (invitations, password resets, match confirmations): its folder is
// 0700 and its files 0600, and mail files older than OUTBOX_KEEP_DAYS, or beyond the newest
// OUTBOX_MAX_FILES, are deleted (at start-up and at most once a minute while mail is kept).
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "../lib/logger";

/** How every mail of the club ends (appended to its text). */
export const SIGN_OFF = "\n\n— Doubles Ladder";

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
}

export interface OutgoingMail extends MailMessage {
  /** The Message-ID header, the same on every attempt of one queued mail (`<key@host>`). */
  messageId?: string;
  /**
   * An optional mail's one-click unsubscribe URL (RFC 8058): sent as `List-Unsubscribe: <url>` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. Account mail has none.
   */
  unsubscribeUrl?: string;
}

export interface Mailer {
  /** Sends one mail; throws (after logging it) when the transport fails. */
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

/** The defaults of the SMTP_*_TIMEOUT_SECONDS settings (server/config/env.ts). */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 5_000, greetingMs: 5_000, socketMs: 15_000 };

/** The transport's timeouts from the SMTP_*_TIMEOUT_SECONDS settings. */
export function smtpTimeouts(env: { SMTP_CONNECTION_TIMEOUT_SECONDS: number; SMTP_GREETING_TIMEOUT_SECONDS: number; SMTP_SOCKET_TIMEOUT_SECONDS: number }): SmtpTimeouts {
  return {
    connectionMs: Math.round(env.SMTP_CONNECTION_TIMEOUT_SECONDS * 1000),
    greetingMs: Math.round(env.SMTP_GREETING_TIMEOUT_SECONDS * 1000),
    socketMs: Math.round(env.SMTP_SOCKET_TIMEOUT_SECONDS * 1000),
  };
}

export interface OutboxRetention {
  keepDays: number;
  maxFiles: number;
}

export const DEFAULT_OUTBOX_RETENTION: OutboxRetention = { keepDays: 7, maxFiles: 1_000 };

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** SMTP only; DEFAULT_SMTP_TIMEOUTS when omitted. */
  timeouts?: SmtpTimeouts;
  outboxDir?: string;
  outboxRetention?: OutboxRetention;
  logger: Logger;
  /** Print jsonTransport messages to the console (the embedded default). */
  printToConsole?: boolean;
}

export function createMailer(options: MailerOptions): Mailer {
  const timeouts = options.timeouts ?? DEFAULT_SMTP_TIMEOUTS;
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: timeouts.connectionMs,
        greetingTimeout: timeouts.greetingMs,
        socketTimeout: timeouts.socketMs,
        dnsTimeout: timeouts.connectionMs,
      })
    : nodemailer.createTransport({ jsonTransport: true });
  const outbox = options.smtpUrl || !options.outboxDir ? undefined : new Outbox(options.outboxDir, options.outboxRetention ?? DEFAULT_OUTBOX_RETENTION, options.logger);

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
          ...(message.messageId ? { messageId: message.messageId } : {}),
          ...(message.unsubscribeUrl
            ? { list: { unsubscribe: message.unsubscribeUrl }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
            : {}),
        });
        if (!options.smtpUrl) await keepInOutbox(options, outbox, recipients, message, info.messageId);
        options.logger.info({ event: "mail.sent", subject: message.subject, recipients: recipients.length }, "mail sent");
      } catch (err) {
        // Logged for the operator and thrown to the worker, which retries later.
        const e = err as Error & { code?: string };
        options.logger.error({ event: "mail.failed", subject: message.subject, code: e.code, err: e.message }, "mail failed");
        throw err;
      }
    },
    close() {
      transport.close();
    },
  };
}

async function keepInOutbox(options: MailerOptions, outbox: Outbox | undefined, to: string[], message: OutgoingMail, id: string | undefined): Promise<void> {
  if (options.printToConsole) {
    const bar = "-".repeat(72);
    process.stdout.write(`\n${bar}\nMAIL to ${to.join(", ")}\nSubject: ${message.subject}\n\n${message.text}\n${bar}\n`);
  }
  await outbox?.keep(id, {
    to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.unsubscribeUrl ? { listUnsubscribe: `<${message.unsubscribeUrl}>`, listUnsubscribePost: "List-Unsubscribe=One-Click" } : {}),
  });
}

/**
 * DATA_DIR/outbox: one private JSON file per mail, pruned by age and count. Its file work never
 * blocks the server: every call is asynchronous (a prune looks at up to thousands of files), and
 * at most one prune runs at a time.
 */
export class Outbox {
  private lastPrune = 0;
  private pruning: Promise<{ deleted: number; kept: number }> | undefined;

  constructor(
    readonly dir: string,
    private readonly retention: OutboxRetention,
    private readonly logger: Logger,
  ) {
    void this.prune();
  }

  async keep(id: string | undefined, mail: Record<string, unknown>): Promise<void> {
    try {
      await fsp.mkdir(this.dir, { recursive: true, mode: 0o700 });
      const safeId = (id ?? crypto.randomBytes(8).toString("hex")).replace(/[^a-zA-Z0-9.-]/g, "");
      const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeId}.json`);
      await fsp.writeFile(file, JSON.stringify(mail, null, 2), { mode: 0o600 });
    } catch (err) {
      this.logger.warn({ event: "mail.outbox_failed", err: (err as Error).message }, "could not keep mail in outbox");
    }
    if (Date.now() - this.lastPrune > 60_000) void this.prune();
  }

  /** Deletes mail files past the retention; makes the folder and the files left private. */
  prune(): Promise<{ deleted: number; kept: number }> {
    this.lastPrune = Date.now();
    this.pruning ??= this.pruneNow().finally(() => (this.pruning = undefined));
    return this.pruning;
  }

  private async pruneNow(): Promise<{ deleted: number; kept: number }> {
    let names: string[];
    try {
      names = (await fsp.readdir(this.dir)).filter((n) => n.endsWith(".json"));
    } catch {
      return { deleted: 0, kept: 0 };
    }
    const stats = await Promise.all(
      names.map(async (name) => {
        const file = path.join(this.dir, name);
        try {
          const stat = await fsp.stat(file);
          return { file, mtime: stat.mtimeMs, mode: stat.mode };
        } catch {
          return undefined;
        }
      }),
    );
    const files = stats.filter((f) => f !== undefined).sort((a, b) => b.mtime - a.mtime);
    const oldest = Date.now() - this.retention.keepDays * 24 * 60 * 60 * 1000;
    const outcomes = await Promise.all(
      files.map(async (f, i) => {
        try {
          if (i >= this.retention.maxFiles || f.mtime < oldest) {
            await fsp.rm(f.file, { force: true });
            return true;
          }
          if ((f.mode & 0o077) !== 0) await fsp.chmod(f.file, 0o600);
        } catch {
          // not ours to change: leave it
        }
        return false;
      }),
    );
    const deleted = outcomes.filter(Boolean).length;
    try {
      if (((await fsp.stat(this.dir)).mode & 0o077) !== 0) await fsp.chmod(this.dir, 0o700);
    } catch {
      // as above
    }
    if (deleted > 0) this.logger.info({ event: "mail.outbox_pruned", deleted, kept: files.length - deleted }, "old mail removed from the outbox");
    return { deleted, kept: files.length - deleted };
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
