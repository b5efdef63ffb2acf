// DATA_DIR: the embedded database (DATA_DIR/pglite), its generated session secret and the mail
// outbox. It holds the club's data, password hashes, a cookie-signing secret and mails with live
// tokens, so it is private to the server's user: the folders 0700, the files 0600. At start-up
// every folder the server will write is created (or tightened, for an install made before), and
// proved writable, so a wrong folder stops the server with its path and the cause instead of a
// database failing later ("PGlite failed to initialize properly") or every request answering 500.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A start-up problem whose message is the whole story (printed without a stack trace). */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartupError";
  }
}

const CAUSES: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "the file system is read-only",
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is exhausted",
  ENOTDIR: "a part of the path is a file, not a folder",
  EEXIST: "a file of that name is in the way",
};

function who(): string {
  try {
    const { username, uid } = os.userInfo();
    return uid >= 0 ? `user ${username} (uid ${uid})` : `user ${username}`;
  } catch {
    return "this user";
  }
}

/** "EACCES: permission denied for user app (uid 1000)". */
export function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code ?? "";
  const cause = CAUSES[code] ?? (err as Error)?.message ?? String(err);
  return `${code ? `${code}: ` : ""}${cause}${code === "EACCES" || code === "EPERM" ? ` for ${who()}` : ""}`;
}

/** Creates a private folder (0700), tightens an existing one we own, and proves it writable. */
export function ensurePrivateDir(dir: string, what: string): void {
  const abs = path.resolve(dir);
  try {
    fs.mkdirSync(abs, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new StartupError(`${what} ${abs} cannot be created (${describeFsError(err)}). Set DATA_DIR to a folder this server can write.`);
  }
  try {
    const stat = fs.statSync(abs);
    if (!stat.isDirectory()) throw Object.assign(new Error("not a folder"), { code: "ENOTDIR" });
    const uid = process.getuid?.();
    if ((stat.mode & 0o077) !== 0 && (uid === undefined || stat.uid === uid)) fs.chmodSync(abs, 0o700);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EROFS" && (err as NodeJS.ErrnoException).code !== "EPERM")
      throw new StartupError(`${what} ${abs} is not usable (${describeFsError(err)}). Set DATA_DIR to a folder this server can write.`);
  }
  // Permission bits do not tell it all (read-only mounts, full disks, root on a read-only file system):
  // write a file.
  const probe = path.join(abs, `.write-test-${process.pid}`);
  try {
    fs.writeFileSync(probe, "ok", { mode: 0o600 });
    fs.rmSync(probe, { force: true });
  } catch (err) {
    throw new StartupError(`${what} ${abs} is not writable (${describeFsError(err)}). Set DATA_DIR to a folder this server can write.`);
  }
}

/**
 * A private file of DATA_DIR generated once and kept (the embedded session secret, the VAPID keys):
 * its text when `isValid` accepts it (tightened to 0600 if an older version left it open), else a
 * new one from `create()`, written 0600. `what` names it in a start-up error.
 */
export function keptPrivateFile(dataDir: string, name: string, what: string, o: { create: () => string; isValid: (text: string) => boolean }): string {
  ensurePrivateDir(dataDir, "DATA_DIR");
  const file = path.resolve(dataDir, name);
  let existing: string | undefined;
  try {
    existing = fs.readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw new StartupError(`${what} ${file} cannot be read (${describeFsError(err)}).`);
  }
  if (existing && o.isValid(existing)) {
    // Written 0644 by versions before the data folder was made private.
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    return existing;
  }
  const text = o.create();
  try {
    fs.writeFileSync(file, text + "\n", { mode: 0o600 });
  } catch (err) {
    throw new StartupError(`${what} ${file} cannot be written (${describeFsError(err)}).`);
  }
  return text;
}

export interface DataDirNeeds {
  /** The embedded database lives in DATA_DIR/pglite. */
  embedded: boolean;
  /** Mail is kept in DATA_DIR/outbox (no SMTP_URL). */
  outbox: boolean;
}

/** Every folder of DATA_DIR this configuration writes: created 0700 and proved writable. */
export function prepareDataDir(dataDir: string, needs: DataDirNeeds): void {
  if (!needs.embedded && !needs.outbox) return;
  ensurePrivateDir(dataDir, "DATA_DIR");
  if (needs.embedded) ensurePrivateDir(path.join(dataDir, "pglite"), "The embedded database folder");
  if (needs.outbox) ensurePrivateDir(path.join(dataDir, "outbox"), "The mail outbox");
}
