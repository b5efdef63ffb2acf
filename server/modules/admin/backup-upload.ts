// Reads a backup file from a stream: the restore route's body (route() hands it over once the admin
// guard has let the caller through, having checked the headers: JSON, UTF-8, not compressed; and
// it stops the stream past BACKUP_MAX_MB and past BACKUP_MAX_DEPTH levels), or a scheduled backup's
// file. The JSON is parsed as it arrives (@streamparser/json): the text is never held whole, rows
// are handed on in batches as they complete (the restore checks and stages them), and reading stops
// past `maxBytes` (413) and at a nesting deeper than any backup has (400).
import type { Readable } from "node:stream";
import { Tokenizer, TokenParser, TokenType } from "@streamparser/json";
import { INVALID_BACKUP_FILE } from "@shared/validators/admin";
import { AppError, badRequest } from "../../lib/app-error";

const TITLE = "Restore failed";
/** root → tables → table → row → field (availability, photos) → …: a backup never nests deeper. */
export const BACKUP_MAX_DEPTH = 6;

/** What was read besides the rows, which went to `onRows` as they completed. */
export interface UploadedBackup {
  /** The tables the file holds (in file order), even empty ones. */
  tables: string[];
  /** Bytes read. */
  bytes: number;
}

export interface ReadBackupOptions {
  maxBytes: number;
  /** A top-level field other than `tables` (formatVersion, exportedAt), when it completes; may throw an AppError. */
  onField?: (key: string, value: unknown) => void;
  /** Rows of one table, in file order, at most about `batch` at a time; the next chunk is read once it resolves. */
  onRows: (table: string, rows: unknown[]) => Promise<void>;
  /** Rows per `onRows` call (default 1000). */
  batch?: number;
}

const invalid = (why: string) => badRequest(`${INVALID_BACKUP_FILE}: ${why} Nothing was changed.`, { title: TITLE, code: "invalid_backup" });

/** The refusal of a backup file over `maxBytes` (also route()'s 413 for the restore route). */
export function backupTooLarge(maxBytes: number): string {
  return `The backup file is larger than this server accepts (${Math.round(maxBytes / 1024 / 1024)} MB, BACKUP_MAX_MB). Nothing was changed.`;
}

/**
 * Reads a backup file as a stream and hands its rows to `onRows` in batches, waiting for each before
 * reading on: memory holds one chunk of text and one batch of rows, whatever the file's size.
 */
export async function readBackupUpload(file: Readable, o: ReadBackupOptions): Promise<UploadedBackup> {
  const tooLarge = () => new AppError(413, backupTooLarge(o.maxBytes), { title: TITLE, code: "backup_too_large" });
  const batch = o.batch ?? 1000;

  const out: UploadedBackup = { tables: [], bytes: 0 };
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: ["$.formatVersion", "$.exportedAt", "$.tables.*.*"], keepStack: false });
  // Structure seen by the tokens: the depth, the pending key, and which containers are the tables.
  let depth = 0;
  let first = true;
  let pendingString: string | undefined;
  let key: string | undefined;
  let tablesDepth = -1;
  // Completed rows not yet handed over, grouped by table in file order.
  let pending: { table: string; rows: unknown[] }[] = [];
  let pendingCount = 0;
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
        if (depth === 2 && key === "tables" && t.token === TokenType.LEFT_BRACE) tablesDepth = 2;
        if (depth === 3 && tablesDepth === 2 && key !== undefined && t.token === TokenType.LEFT_BRACKET) out.tables.push(key);
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
      if (typeof k === "string") o.onField?.(k, value);
    } else if (stack.length === 3 && stack[1]?.key === "tables") {
      const table = String(stack[2]!.key);
      const last = pending[pending.length - 1];
      if (last?.table === table) last.rows.push(value);
      else pending.push({ table, rows: [value] });
      pendingCount++;
    }
  };
  tokenizer.onEnd = () => {
    if (!parser.isEnded) parser.end();
  };
  // What onRows throws (a row's problem, a database error) is passed on as it is.
  let fromRows = false;
  const flush = async () => {
    const groups = pending;
    pending = [];
    pendingCount = 0;
    try {
      for (const g of groups) await o.onRows(g.table, g.rows);
    } catch (err) {
      fromRows = true;
      throw err;
    }
  };

  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      out.bytes += chunk.length;
      if (out.bytes > o.maxBytes) throw tooLarge();
      tokenizer.write(chunk);
      if (pendingCount >= batch) await flush();
    }
    if (first) throw invalid("the file is empty.");
    tokenizer.end();
  } catch (err) {
    if (err instanceof AppError || fromRows) throw err;
    throw badRequest(`${INVALID_BACKUP_FILE}: the file is not valid JSON (it may be truncated). Nothing was changed.`, { title: TITLE, code: "invalid_backup" });
  }
  await flush();
  return out;
}
