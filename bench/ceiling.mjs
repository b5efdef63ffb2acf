// The ceiling: a bare Express JSON route on the same machine, measured in the same run.
import express from "express";

const app = express();
app.disable("x-powered-by");
app.get("/json", (_req, res) => res.json({ ok: true, teams: [{ id: 1, name: "A" }] }));
const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stdout.write(`LISTENING ${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
