// DATA_DIR is private to the server's user: folders 0700, the session secret 0600, also for an
// install made before (tightened at start). Unwritable folders are covered with real processes in
// tests/security/faults.test.ts (g).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensurePrivateDir, prepareDataDir, StartupError } from "./data-dir";
import { loadEnv } from "./env";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "dl-datadir-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe("DATA_DIR", () => {
  it("creates every folder the configuration writes as 0700, and nothing else", () => {
    const dir = path.join(root, "fresh", "data");
    prepareDataDir(dir, { embedded: true, outbox: true });
    expect([mode(dir), mode(path.join(dir, "pglite")), mode(path.join(dir, "outbox"))]).toEqual([0o700, 0o700, 0o700]);
    expect(fs.readdirSync(dir).sort()).toEqual(["outbox", "pglite"]);
    const smtpOnly = path.join(root, "pg-and-smtp");
    prepareDataDir(smtpOnly, { embedded: false, outbox: false });
    expect(fs.existsSync(smtpOnly)).toBe(false);
  });

  it("tightens a folder and a session secret left open by an older version", () => {
    const dir = path.join(root, "older");
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, "session-secret"), "s".repeat(64) + "\n", { mode: 0o644 });
    fs.chmodSync(path.join(dir, "session-secret"), 0o644);
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.SESSION_SECRET).toBe("s".repeat(64));
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, "session-secret"))).toBe(0o600);
  });

  it("generates the embedded session secret once, 0600", () => {
    const dir = path.join(root, "secret");
    const first = loadEnv({ DATA_DIR: dir }).SESSION_SECRET;
    expect(loadEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first);
    expect(mode(path.join(dir, "session-secret"))).toBe(0o600);
  });

  it("stops with the path and the cause when a folder cannot be made", () => {
    const file = path.join(root, "a-file");
    fs.writeFileSync(file, "x");
    const err = (() => {
      try {
        ensurePrivateDir(path.join(file, "data"), "DATA_DIR");
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toContain(path.join(file, "data"));
    expect((err as Error).message).toMatch(/ENOTDIR/);
  });
});
