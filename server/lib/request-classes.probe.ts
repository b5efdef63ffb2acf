// Run by request-classes.test.ts as `node --allow-natives-syntax --import tsx <this file> <mode>`:
// serves an Express app (mode "app-classes": with requestClassesFor; "node-classes": Node's own) whose
// middleware adds properties to req and res, holds two requests that arrive together, and prints
// whether V8 gave them one hidden class, and what Express's API answers on them, as JSON.
import http from "node:http";
import express, { type Request, type Response } from "express";
import { requestClassesFor } from "./request-classes";

const mode = process.argv[2];
// V8's own check, available only under --allow-natives-syntax.
const sameMap = new Function("a", "b", "return %HaveSameMap(a, b)") as (a: object, b: object) => boolean;

const app = express();
app.use((req, res, next) => {
  Object.assign(req, { id: "probe", startedAt: Date.now() });
  res.locals.seen = true;
  next();
});
const held: [Request, Response][] = [];
app.get("/probe", (req, res) => {
  held.push([req, res]);
  if (held.length < 2) return;
  const [[a, resA], [b, resB]] = held as [[Request, Response], [Request, Response]];
  const answer = {
    sameRequestShape: sameMap(a, b),
    sameResponseShape: sameMap(resA, resB),
    prototypeInPlace: Object.getPrototypeOf(a) === app.request && Object.getPrototypeOf(resA) === app.response,
    appOnRequest: a.app === app,
    header: a.get("x-probe"),
    query: a.query,
    path: a.path,
  };
  for (const [, r] of held) r.json(answer);
});

const server = mode === "app-classes" ? http.createServer(requestClassesFor(app), app) : http.createServer(app);
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  const ask = () =>
    fetch(`http://127.0.0.1:${port}/probe?x=1`, { headers: { "x-probe": "yes" } }).then(async (r) => ({
      status: r.status,
      type: r.headers.get("content-type"),
      body: (await r.json()) as unknown,
    }));
  void Promise.all([ask(), ask()]).then(([first]) => {
    process.stdout.write(JSON.stringify(first));
    server.close();
  });
});
