// Checks the deployment files without a container engine (docs/deploy.md, "What CI checks"):
// - compose.yaml parses (YAML) and wires the app to PostgreSQL (healthy first, a volume) and the
//   mail catcher;
// - the Dockerfile's build stages run exactly the project's own commands (npm ci, npm run build,
//   npm ci --omit=dev), its runtime copies what the server reads at run time (dist/, migrations/,
//   the production node_modules), runs as a non-root user and checks /api/ready;
// - every package the server bundle loads at run time is a production dependency (the bundle keeps
//   packages external; the runtime stage installs `dependencies` only): the same esbuild options as
//   scripts/build-server.mjs, reading which imports stay external.
// `node scripts/check-deploy.mjs` prints the problems (exit 1) or "deploy files ok"; the test
// tests/conventions/deploy.test.ts runs the same.
import fs from "node:fs";
import path from "node:path";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (f) => fs.readFileSync(path.join(root, f), "utf8");

/** Dockerfile instructions by stage: [{ name, lines: [{ op, args }] }] (continuations joined). */
export function dockerStages(text) {
  const joined = text.replace(/\\\n/g, " ").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  const stages = [];
  for (const line of joined) {
    const [, op, args] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!op) continue;
    if (op.toUpperCase() === "FROM") {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args);
      stages.push({ image: m[1], name: m[2] ?? String(stages.length), lines: [] });
    } else stages.at(-1)?.lines.push({ op: op.toUpperCase(), args: args.replace(/\s+/g, " ") });
  }
  return stages;
}

/** The package of a bare import: `pg`, `@scope/name` (a subpath dropped). */
const packageOf = (spec) => (spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]);

/** Every package the built server imports at run time (externals of the bundle). */
export async function serverRuntimePackages() {
  const result = await build({
    entryPoints: [path.join(root, "server/index.ts")],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    write: false,
    metafile: true,
    logLevel: "silent",
    outfile: path.join(root, "dist/check-deploy/index.js"),
  });
  const specs = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imp of output.imports) if (imp.external) specs.add(imp.path);
  }
  const builtins = new Set(builtinModules);
  return [...specs].filter((s) => !s.startsWith("node:") && !builtins.has(s)).map(packageOf).filter((p, i, all) => all.indexOf(p) === i).sort();
}

export async function checkDeploy() {
  const problems = [];
  const pkg = JSON.parse(read("package.json"));

  // compose.yaml
  let compose;
  try {
    compose = parse(read("compose.yaml"));
  } catch (err) {
    return [`compose.yaml does not parse: ${err.message}`];
  }
  const { app, db, mail } = compose.services ?? {};
  if (!app || !db || !mail) problems.push("compose.yaml: services app, db and mail are expected");
  else {
    if (app.build !== ".") problems.push("compose.yaml: app is built from this folder (build: .)");
    if (app.depends_on?.db?.condition !== "service_healthy") problems.push("compose.yaml: app waits for db to be healthy");
    if (!db.healthcheck?.test) problems.push("compose.yaml: db has a healthcheck");
    if (!/^postgres:\d+/.test(db.image ?? "")) problems.push("compose.yaml: db runs a postgres image");
    const env = app.environment ?? {};
    if (!/@db:5432\//.test(env.DATABASE_URL ?? "")) problems.push("compose.yaml: app's DATABASE_URL points at db:5432");
    if (!/^smtp:\/\/mail:\d+$/.test(env.SMTP_URL ?? "")) problems.push("compose.yaml: app's SMTP_URL points at the mail service");
    for (const key of ["SESSION_SECRET", "APP_URL"]) if (!(key in env)) problems.push(`compose.yaml: app sets ${key}`);
    const volumes = Object.keys(compose.volumes ?? {});
    const mounted = (svc) => (svc.volumes ?? []).map((v) => String(v).split(":")[0]);
    if (!mounted(db).some((v) => volumes.includes(v))) problems.push("compose.yaml: db keeps its data in a named volume");
    if (!mounted(app).some((v) => volumes.includes(v))) problems.push("compose.yaml: app keeps DATA_DIR (backups, outbox) in a named volume");
  }

  // Dockerfile
  const stages = dockerStages(read("Dockerfile"));
  const runs = stages.flatMap((s) => s.lines.filter((l) => l.op === "RUN").map((l) => ({ stage: s.name, cmd: l.args })));
  for (const { stage, cmd } of runs) {
    for (const script of cmd.matchAll(/npm run ([\w:-]+)/g)) {
      if (!pkg.scripts?.[script[1]]) problems.push(`Dockerfile (${stage}): npm run ${script[1]} is not a script of package.json`);
    }
  }
  const has = (stage, re) => runs.some((r) => r.stage === stage && re.test(r.cmd));
  if (!has("build", /^npm ci\b/) || !has("build", /\bnpm run build\b/)) problems.push("Dockerfile: the build stage runs npm ci and npm run build");
  if (!has("deps", /^npm ci --omit=dev\b/)) problems.push("Dockerfile: the deps stage installs production dependencies only (npm ci --omit=dev)");
  const runtime = stages.at(-1);
  if (!runtime || stages.length < 2) problems.push("Dockerfile: multi-stage, the last stage is the runtime");
  else {
    const ops = (op) => runtime.lines.filter((l) => l.op === op).map((l) => l.args);
    const copies = ops("COPY").join("\n");
    if (!/--from=deps \/app\/node_modules/.test(copies)) problems.push("Dockerfile: the runtime copies node_modules from the deps stage");
    if (!/--from=build \/app\/dist/.test(copies)) problems.push("Dockerfile: the runtime copies dist/ from the build stage");
    if (!/^migrations /m.test(copies)) problems.push("Dockerfile: the runtime copies migrations/ (applied at start)");
    const user = ops("USER").at(-1);
    if (!user || user === "root" || user === "0") problems.push("Dockerfile: the runtime runs as a non-root USER");
    if (!ops("HEALTHCHECK").some((h) => h.includes("/api/ready"))) problems.push("Dockerfile: HEALTHCHECK asks /api/ready");
    const cmd = ops("CMD").at(-1) ?? "";
    const outfile = /outfile:\s*"([^"]+)"/.exec(read("scripts/build-server.mjs"))?.[1];
    if (!outfile || !cmd.includes(outfile)) problems.push(`Dockerfile: CMD runs the built server (${outfile ?? "?"})`);
  }

  // The runtime's packages
  const dependencies = new Set(Object.keys(pkg.dependencies ?? {}));
  for (const p of await serverRuntimePackages()) {
    if (!dependencies.has(p)) problems.push(`the built server imports ${p}, which is not in package.json "dependencies" (the image installs only those)`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = await checkDeploy();
  if (problems.length) {
    console.error(problems.map((p) => `✗ ${p}`).join("\n"));
    process.exit(1);
  }
  console.log(`deploy files ok (${(await serverRuntimePackages()).length} runtime packages, all in dependencies)`);
}
