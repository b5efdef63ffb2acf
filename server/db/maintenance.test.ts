// The embedded database's vacuum (server/db/maintenance.ts): on PGlite it really vacuums (the
// visibility map is set again after rows were rewritten, which ANALYZE alone never does), the
// churning tables at every run and everything once a day; on PostgreSQL it leaves the work to
// autovacuum.
import { describe, expect, it } from "vitest";
import { useTestApp, type TestApp } from "../../tests/helpers/app";
import { CHURNING_TABLES, embeddedVacuum } from "./maintenance";

let t: TestApp;
useTestApp((app) => (t = app));

async function visibility(table: string): Promise<{ pages: number; allVisible: number }> {
  const { rows } = await t.deps.database.raw.query(`select relpages, relallvisible from pg_class where relname = $1`, [table]);
  return { pages: Number(rows[0]!.relpages), allVisible: Number(rows[0]!.relallvisible) };
}

describe("embedded vacuum", () => {
  it("vacuums the churning tables at every run and every table once a day on PGlite, nothing on PostgreSQL", async () => {
    await t.signedInPair();
    const vacuum = embeddedVacuum();
    const now = new Date("2026-11-28T12:00:00Z");
    if (t.deps.database.kind === "pg") {
      expect(await vacuum(t.deps.database, now)).toEqual({ vacuumed: [] });
      return;
    }
    // Rows rewritten (as a refresh does), then analysed only: their pages are no longer all-visible.
    const rewrite = async () => {
      await t.deps.database.raw.query("update ladder_ranks set club_position = club_position");
      await t.deps.database.raw.query("analyze ladder_ranks");
      expect((await visibility("ladder_ranks")).allVisible).toBe(0);
    };
    await rewrite();
    expect(await vacuum(t.deps.database, now)).toEqual({ vacuumed: ["*"] });
    const full = await visibility("ladder_ranks");
    expect(full.pages).toBeGreaterThan(0);
    expect(full.allVisible).toBe(full.pages);

    await rewrite();
    expect(await vacuum(t.deps.database, new Date(now.getTime() + 60_000))).toEqual({ vacuumed: [...CHURNING_TABLES] });
    expect((await visibility("ladder_ranks")).allVisible).toBe((await visibility("ladder_ranks")).pages);

    // A day later, everything again.
    expect(await vacuum(t.deps.database, new Date(now.getTime() + 24 * 60 * 60 * 1000))).toEqual({ vacuumed: ["*"] });
  });
});
