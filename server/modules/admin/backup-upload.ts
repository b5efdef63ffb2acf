// Reads an uploaded backup file from the request stream (the route runs only after the admin
// check, so nothing is read before the caller is known to be allowed to send it). The JSON is parsed
// as it arrives (@streamparser/json): the text is never held whole, each row is kept as it completes,
// and the upload stops at BACKUP_MAX_MB (413), at a nesting deeper than any backup has (400) and at
// a compressed body (415: nothing is inflated). What it returns is checked by parseBackup.
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

type Upload = Readable & { headers: Record<string, string | string[] | undefined> };

/** The refusals that need no byte of the body: encoding, charset, announced size (415, 413). */
export function checkUploadHeaders(req: Pick<Upload, "headers">, o: { maxBytes: number }): void {
  const encoding = String(req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding !== "identity")
    throw new AppError(415, "Please upload the backup file as it was downloaded (uncompressed JSON).", { title: TITLE, code: "unsupported_encoding" });
  const charset = /;\s*charset="?([^";\s]+)/i.exec(String(req.headers["content-type"] ?? ""))?.[1]?.toLowerCase();
  if (charset && charset !== "utf-8" && charset !== "utf8") throw new AppError(415, "Unsupported request encoding.", { title: TITLE });
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > o.maxBytes) throw tooLarge(o.maxBytes);
}

const tooLarge = (maxBytes: number) =>
  new AppError(413, `The backup file is larger than this server accepts (${Math.round(maxBytes / 1024 / 1024)} MB, BACKUP_MAX_MB). Nothing was changed.`, {
    title: TITLE,
    code: "backup_too_large",
  });

export async function readBackupUpload(req: Upload, o: { maxBytes: number }): Promise<UploadedBackup> {
  checkUploadHeaders(req, o);
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
    for await (const chunk of req as AsyncIterable<Buffer>) {
      out.bytes += chunk.length;
      if (out.bytes > o.maxBytes) throw tooLarge(o.maxBytes);
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
