// The two rules the read cache (docs/decisions/011-read-cache.md) rests on, enforced:
// 1. every table of the schema has the change trigger of migration 0002 (another instance's cache
//    empties on every commit that writes it), unless it is on TABLES_WITHOUT_CHANGE_TRIGGER with
//    its reason;
// 2. every GET route of the API is declared: cached (cachedRead) or on UNCACHED_READS with its reason.
import { describe, expect, it } from "vitest";
import type { Express } from "express";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "@shared/schema";
import { type TestApp, useTestApp } from "../../tests/helpers/app";
import { CACHED_READ, TABLES_WITHOUT_CHANGE_TRIGGER, UNCACHED_READS } from "./read-cache";

let t: TestApp;
useTestApp((app) => (t = app));

const schemaTables = () =>
  (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => is(v, PgTable))
    .map((table) => getTableConfig(table).name)
    .sort();

// pg_trigger.tgtype bits: 1 row-level, 2 before, 4 insert, 8 delete, 16 update, 32 truncate, 64 instead.
const EVERY_WRITE = 4 | 8 | 16 | 32;

describe("the read cache's rules", () => {
  it("every table of the schema sends a change notification on every write, or is exempted with a reason", async () => {
    const tables = schemaTables();
    const res = await t.testDb.database.raw.query(`
      select c.relname as table, t.tgtype as type
      from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_proc p on p.oid = t.tgfoid
      where n.nspname = 'public' and not t.tgisinternal and t.tgenabled <> 'D' and p.proname = 'dl_notify_data_changed'`);
    const watched = new Map(res.rows.map((r) => [String(r.table), Number(r.type)]));
    const missing = tables.filter((name) => !watched.has(name) && !(name in TABLES_WITHOUT_CHANGE_TRIGGER));
    const partial = [...watched].filter(([, type]) => (type & EVERY_WRITE) !== EVERY_WRITE || (type & 2) !== 0).map(([name]) => name);
    const staleExemptions = Object.keys(TABLES_WITHOUT_CHANGE_TRIGGER).filter((name) => !tables.includes(name) || watched.has(name));
    console.log(`read cache: ${tables.length} tables in the schema, ${watched.size} with the change trigger, exempt: ${Object.keys(TABLES_WITHOUT_CHANGE_TRIGGER).join(", ")}`);
    expect(tables.length).toBeGreaterThan(5);
    expect(missing, "tables without the change trigger of migration 0002: add one (see migrations/0002_change_notify.sql), or exempt them in server/lib/read-cache.ts with the reason").toEqual([]);
    expect(partial, "change triggers must be AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE").toEqual([]);
    expect(staleExemptions, "exemptions of tables that do not exist or do have the trigger").toEqual([]);
  });

  it("every GET route of the API is declared cached (cachedRead) or uncached (UNCACHED_READS, with the reason)", () => {
    const routes = getRoutes(t.app);
    const cached = routes.filter((r) => r.cached).map((r) => r.name);
    const undeclared = routes.filter((r) => !r.cached && !(r.name in UNCACHED_READS)).map((r) => r.name);
    const both = cached.filter((name) => name in UNCACHED_READS);
    const gone = Object.keys(UNCACHED_READS).filter((name) => !routes.some((r) => r.name === name));
    console.log(`read cache: ${routes.length} GET routes, ${cached.length} cached, ${routes.length - cached.length} declared uncached`);
    expect(routes.length).toBeGreaterThan(20);
    expect(cached.length).toBeGreaterThan(5);
    expect(undeclared, "GET routes neither cached nor in UNCACHED_READS (server/lib/read-cache.ts)").toEqual([]);
    expect(both, "GET routes both cached and declared uncached").toEqual([]);
    expect(gone, "UNCACHED_READS lists routes that no longer exist").toEqual([]);
  });
});

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

/** Every GET route of the app, as "GET /api/…", and whether one of its handlers is cachedRead's. */
function getRoutes(app: Express): { name: string; cached: boolean }[] {
  const out: { name: string; cached: boolean }[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        if (!layer.route.methods.get) continue;
        const cached = layer.route.stack.some((l) => typeof l.handle === "function" && CACHED_READ in l.handle);
        for (const p of [layer.route.path].flat()) out.push({ name: `GET ${prefix}${p}`, cached });
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
  return out;
}
