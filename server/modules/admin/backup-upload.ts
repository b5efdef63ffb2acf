// Reads a backup file from a stream: the restore route's body (route() hands it over once the admin
// guard has let the caller through, having checked the headers: JSON, UTF-8, not compressed; and
// it stops the stream past BACKUP_MAX_MB and past BACKUP_MAX_DEPTH levels), or a scheduled backup's
// file. The JSON is parsed as it arrives (@streamparser/json): the text is never held whole, each
// row is kept as it completes, and reading stops past `maxBytes` (413) and at a nesting deeper than
// any backup has (400). What it returns is checked by parseBackup.
import type { Readable } from "node:stream";
import { Tokenizer, TokenParser, TokenType } from "@streamparser/json";
import { INVALID_BACKUP_FILE } from "@shared/validators/admin";
import { AppError, badRequest } from "../../lib/app-error";

const TITLE = "Restore failed";
/** root → tables → table → row → field (availability, photos) → …: a backup never nests deeper. */
export const BACKUP_MAX_DEPTH = 6;

export interface UploadedBackup {
  formatVersion?: unknown;
  exportedAt?: unknown;
  tables?: Record<string, unknown[]>;
  /** Bytes read. */
  bytes: number;
}

const invalid = (why: string) => badRequest(`${INVALID_BACKUP_FILE}: ${why} Nothing was changed.`, { title: TITLE, code: "invalid_backup" });

/** The refusal of a backup file over `maxBytes` (also route()'s 413 for the restore route). */
export function backupTooLarge(maxBytes: number): string {
  return `The backup file is larger than this server accepts (${Math.round(maxBytes / 1024 / 1024)} MB, BACKUP_MAX_MB). Nothing was changed.`;
}

export async function readBackupUpload(file: Readable, o: { maxBytes: number }): Promise<UploadedBackup> {
  const tooLarge = () => new AppError(413, backupTooLarge(o.maxBytes), { title: TITLE, code: "backup_too_large" });

  const out: UploadedBackup = { bytes: 0 };
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: ["$.formatVersion", "$.exportedAt", "$.tables.*.*"], keepStack: false });
  // Structure seen by the tokens: the depth, the pending key, and which containers are the tables.
  let depth = 0;
  let first = true;
  let pendingString: string | undefined;
  let key: string | undefined;
  let tablesDepth = -1;
  tokenizer.onToken = (t) => {
    if (first) {
      first = false;
      if (t.token !== TokenType.LEFT_BRACE) throw invalid("the file is not a backup (it must be a JSON object).");
    }
    switch (t.token) {
      case TokenType.STRING:
        pendingString = t.value as string;
        break;
      case TokenType.COLON:
        key = pendingString;
        break;
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET:
        depth++;
        if (depth > BACKUP_MAX_DEPTH) throw invalid("the file nests deeper than a backup does.");
        if (depth === 2 && key === "tables" && t.token === TokenType.LEFT_BRACE) {
          tablesDepth = 2;
          out.tables = {};
        }
        if (depth === 3 && tablesDepth === 2 && key !== undefined && t.token === TokenType.LEFT_BRACKET) out.tables![key] = [];
        key = undefined;
        break;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        depth--;
        break;
      default:
        break;
    }
    parser.write(t);
  };
  // Top-level fields arrive with a one-element stack; their key is the value's own.
  parser.onValue = (info) => {
    const { value, stack } = info;
    if (stack.length === 1) {
      const k = (info as { key?: unknown }).key;
      if (k === "formatVersion") out.formatVersion = value;
      else if (k === "exportedAt") out.exportedAt = value;
    } else if (stack.length === 3 && stack[1]?.key === "tables") {
      (out.tables![String(stack[2]!.key)] ??= []).push(value);
    }
  };
  tokenizer.onEnd = () => {
    if (!parser.isEnded) parser.end();
  };

  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      out.bytes += chunk.length;
      if (out.bytes > o.maxBytes) throw tooLarge();
      tokenizer.write(chunk);
    }
    if (first) throw invalid("the file is empty.");
    tokenizer.end();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(`${INVALID_BACKUP_FILE}: the file is not valid JSON (it may be truncated). Nothing was changed.`, { title: TITLE, code: "invalid_backup" });
  }
  return out;
}
