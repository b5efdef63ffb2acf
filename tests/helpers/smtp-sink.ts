// A real SMTP server on a free local port that keeps every message, so tests follow emailed links.
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import type { AddressInfo } from "node:net";

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
  messageId: string;
  /** Every header as sent, lower-case name → value (e.g. "list-unsubscribe"). */
  headers: Record<string, string>;
}

export interface SmtpSink {
  url: string;
  port: number;
  mails: CapturedMail[];
  /** Waits for a mail matching the predicate (default: any) and returns it. */
  waitFor(predicate?: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Mails sent to one address. */
  to(address: string): CapturedMail[];
  clear(): void;
  /** Stops listening (connections are refused, like a mail server that is down) until start(). */
  stop(): Promise<void>;
  /** Listens again, on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? "";
          const html = typeof parsed.html === "string" ? parsed.html : "";
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text,
            html,
            links: [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])],
            messageId: parsed.messageId ?? "",
            headers: Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(":") + 1).trim()])),
          });
          for (const w of waiters) w();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitFor(predicate = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(predicate);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching mail within ${timeoutMs} ms (have: ${mails.map((m) => m.subject).join(" | ") || "none"})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    to: (address) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    clear: () => {
      mails.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.server.close(() => resolve())),
    start: () => new Promise<void>((resolve) => server.server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => (server.server.listening ? server.close(() => resolve()) : resolve())),
  };
  return sink;
}

/** The path and token of an emailed link, e.g. ('/reset-password/', mail) → token. */
export function tokenFromLink(mail: CapturedMail, pathPrefix: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in mail "${mail.subject}": ${mail.links.join(", ")}`);
  const rest = new URL(link).pathname.slice(pathPrefix.length);
  return decodeURIComponent(rest.split("/")[0] ?? "");
}
