// The mailer against SMTP servers that misbehave (real TCP servers on local ports), and its outbox.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger";
import { createMailer, Outbox } from "./mailer";
import { stallingSmtp } from "../../tests/security/fault-helpers";

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger("info", sink), lines };
}

describe("mail through an SMTP server that never answers", () => {
  for (const behaviour of ["silent", "greets-then-stalls", "stalls-after-data"] as const) {
    it(`${behaviour}: the send gives up after the transport's timeout, logs it and throws (the worker retries)`, async () => {
      const smtp = await stallingSmtp(behaviour);
      const { logger, lines } = capturedLogger();
      const mailer = createMailer({ smtpUrl: smtp.url, from: "Ladder <no-reply@club.test>", logger, timeouts: { connectionMs: 300, greetingMs: 300, socketMs: 600 } });
      try {
        // Without the timeouts, nodemailer waits 30 s for a greeting and 10 min on a silent socket:
        // this test would time out.
        await expect(mailer.send({ to: "member@club.test", subject: "Hello", text: "Hi" })).rejects.toThrow();
        const failed = lines.find((l) => l.event === "mail.failed");
        expect(failed, JSON.stringify(lines)).toBeDefined();
        expect(failed!.code).toBe("ETIMEDOUT");
        expect(String(failed!.err)).toMatch(behaviour === "silent" ? /Greeting never received/ : /Timeout/);
        for (let i = 0; i < 50 && smtp.closedByClient() === 0; i++) await new Promise((r) => setTimeout(r, 20));
        expect(smtp.closedByClient(), "the mailer hangs up").toBe(1);
      } finally {
        mailer.close();
        await smtp.close();
      }
    });
  }
});

describe("the embedded outbox", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-outbox-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("keeps each mail in a private file (0600) in a private folder (0700)", async () => {
    const outboxDir = path.join(dir, "outbox");
    const { logger } = capturedLogger();
    const mailer = createMailer({ from: "Ladder <no-reply@club.test>", logger, outboxDir });
    await mailer.send({ to: "a@club.test", subject: "Reset your password", text: "http://localhost/reset-password/secret" });
    const [name] = fs.readdirSync(outboxDir);
    expect(fs.statSync(outboxDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(outboxDir, name!)).mode & 0o777).toBe(0o600);
    mailer.close();
  });

  it("deletes mail older than the retention and beyond the newest N, and makes older files private", async () => {
    const outboxDir = path.join(dir, "prune");
    fs.mkdirSync(outboxDir, { mode: 0o755 });
    const day = 24 * 60 * 60 * 1000;
    const ages = [0, 1, 2, 3, 8, 30]; // days
    for (const [i, age] of ages.entries()) {
      const file = path.join(outboxDir, `mail-${i}.json`);
      fs.writeFileSync(file, "{}", { mode: 0o644 });
      const t = new Date(Date.now() - age * day - i * 1000);
      fs.utimesSync(file, t, t);
    }
    fs.writeFileSync(path.join(outboxDir, "notes.txt"), "not a mail");
    const { logger, lines } = capturedLogger();
    const outbox = new Outbox(outboxDir, { keepDays: 7, maxFiles: 3 }, logger);
    // The prune the outbox starts with, shared by a call while it runs.
    expect(await outbox.prune()).toEqual({ deleted: 3, kept: 3 });
    const left = fs.readdirSync(outboxDir).sort();
    // Ages 8 and 30 days: too old; of the other four, only the newest three are kept.
    expect(left).toEqual(["mail-0.json", "mail-1.json", "mail-2.json", "notes.txt"]);
    for (const name of left.filter((n) => n.endsWith(".json"))) expect(fs.statSync(path.join(outboxDir, name)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(outboxDir).mode & 0o777).toBe(0o700);
    expect(lines.find((l) => l.event === "mail.outbox_pruned")).toMatchObject({ deleted: 3, kept: 3 });
    expect(await outbox.prune()).toEqual({ deleted: 0, kept: 3 });
  });
});
