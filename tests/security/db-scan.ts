// Finds secrets stored in plain in the database: every text-like column of every table is searched
// for each emailed token (or password...). Light on imports: the e2e global teardown uses it too.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../server/db/client";

/** Every text-like column of every table in the public schema (text, varchar, json, jsonb...). */
export async function textColumns(db: DbOrTx): Promise<{ table: string; column: string }[]> {
  const res = await db.execute(sql`
    select table_name as "table", column_name as "column"
    from information_schema.columns
    where table_schema = 'public'
      and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
    order by table_name, column_name`);
  return (res as unknown as { rows: { table: string; column: string }[] }).rows;
}

/** Where (table.column) any of the secrets appears in plain text in the database; empty when nowhere. */
export async function findSecretsInDatabase(db: DbOrTx, secrets: string[]): Promise<string[]> {
  const found: string[] = [];
  const unique = [...new Set(secrets)].filter((s) => s.length > 0);
  if (unique.length === 0) return found;
  for (const { table, column } of await textColumns(db)) {
    // One query per column: which of the secrets occur anywhere in it.
    const res = await db.execute(sql`
      select s.secret from (values ${sql.join(unique.map((x) => sql`(${x}::text)`), sql`, `)}) as s(secret)
      where exists (select 1 from ${sql.identifier(table)} t where strpos(t.${sql.identifier(column)}::text, s.secret) > 0)`);
    for (const row of (res as unknown as { rows: { secret: string }[] }).rows) found.push(`${table}.${column} holds ${row.secret.slice(0, 8)}…`);
  }
  return found;
}

/** The client pages that emailed links open; the segment after each is a secret token. */
export const TOKEN_LINK_PATHS = ["/verify-email/", "/accept-invite/", "/reset-password/", "/confirm-match/", "/dispute-match/"] as const;

/** Every token in the links of these mails (deduplicated). */
export function emailedTokens(mails: readonly { links: string[] }[]): string[] {
  const tokens = new Set<string>();
  for (const mail of mails) {
    for (const link of mail.links) {
      const pathname = new URL(link).pathname;
      const prefix = TOKEN_LINK_PATHS.find((p) => pathname.startsWith(p));
      const token = prefix ? decodeURIComponent(pathname.slice(prefix.length).split("/")[0] ?? "") : "";
      if (token) tokens.add(token);
    }
  }
  return [...tokens];
}
