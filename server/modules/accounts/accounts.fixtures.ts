// Test-only helpers for the account tests: a valid registration body and mail lookups.
import crypto from "node:crypto";
import type { CapturedMail, SmtpSink } from "../../../tests/helpers/smtp-sink";

export const NEW_PASSWORD = "Fresh456";

export function registration(overrides: Record<string, unknown> = {}) {
  const id = crypto.randomBytes(4).toString("hex");
  return {
    username: `reg_${id}`,
    password: "Register1",
    name: `Casey ${id}`,
    email: `casey_${id}@example.test`,
    competitionType: "Mixed Doubles",
    teamName: `Aces ${id}`,
    partnerName: `Robin ${id}`,
    partnerEmail: `robin_${id}@example.test`,
    verifyEmail: true,
    ...overrides,
  };
}

export function mailTo(sink: SmtpSink, address: string, subject: string | RegExp): Promise<CapturedMail> {
  const match = (s: string) => (typeof subject === "string" ? s.includes(subject) : subject.test(s));
  return sink.waitFor((m) => m.to.includes(address.toLowerCase()) && match(m.subject));
}

/** Cookie header value ("dl.sid=...") from a response. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers["set-cookie"];
  const list = Array.isArray(raw) ? (raw as string[]) : [];
  const cookie = list.find((c) => c.startsWith("dl.sid="));
  if (!cookie) throw new Error("no session cookie in response");
  return cookie.split(";")[0]!;
}
