// The ceilings, on the same machine, measured in the same run (bench/run.ts):
//   /json  a bare Express JSON route: the most this machine answers without the app's work;
//   /db    the same plus one trivial query (select 1) through a pg pool of the app's size, or an
//          in-memory PGlite when the run is on the embedded database: the price of a round trip.
import express from "express";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";

const url = process.env.CEILING_DATABASE_URL;
const pool = url ? new pg.Pool({ connectionString: url, max: 20 }) : undefined;
const pglite = url ? undefined : await PGlite.create();
const selectOne = () => (pool ? pool.query("select 1 as one") : pglite.query("select 1 as one"));

const app = express();
app.disable("x-powered-by");
app.get("/json", (_req, res) => res.json({ ok: true, teams: [{ id: 1, name: "A" }] }));
app.get("/db", async (_req, res) => {
  const { rows } = await selectOne();
  res.json({ ok: rows[0].one === 1, teams: [{ id: 1, name: "A" }] });
});
const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stdout.write(`LISTENING ${server.address().port}\n`);
});
process.on("SIGTERM", () =>
  server.close(async () => {
    await pool?.end();
    await pglite?.close();
    process.exit(0);
  }),
);
