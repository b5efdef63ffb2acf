// Suite 1 of issue 7: the authorization matrix, generated from authz-matrix.ts (one test per row).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import supertest from "supertest";
import { createTestApp, type TestApp } from "../helpers/app";
import { TEST_VAPID } from "../helpers/push-service";
import { MATRIX, type Expected, type MatrixRow } from "./authz-matrix";
import { buildWorld, listRoutes, mintSession, ROLES, signInAll, type Role, type World } from "./helpers";

let t: TestApp;
let world: World;
let checks = 0;
const violations: string[] = [];

beforeAll(async () => {
  // Admin routes need the second factor (the roles admin and adminNoMfa).
  // Push is on (a test VAPID pair): its routes answer as for a real server.
  t = await createTestApp({ ADMIN_MFA_REQUIRED: "true", ...TEST_VAPID });
  world = await buildWorld(t);
  await signInAll(t, world);
});
afterAll(async () => {
  const routes = new Set(MATRIX.map((r) => `${r.method} ${r.path}`)).size;
  console.log(
    `authz: ${ROLES.length} roles × ${routes} routes (${MATRIX.length} rows) = ${checks} checks, ${violations.length} violations`,
  );
  await t?.close();
});

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const fits = (status: number, expected: Expected) => (typeof expected === "number" ? [expected] : expected).includes(status);

describe("the authorization matrix", () => {
  it("lists every route of the app, and no route the app does not have", () => {
    const app = new Set(listRoutes(t.app).map(key));
    const table = new Set(MATRIX.map(key));
    expect(app.size).toBeGreaterThan(50);
    expect([...app].filter((r) => !table.has(r)), "routes missing from authz-matrix.ts").toEqual([]);
    expect([...table].filter((r) => !app.has(r)), "rows for routes the app does not have").toEqual([]);
  });

  it("ends with the reset of all data (it wipes every other account)", () => {
    expect(key(MATRIX[MATRIX.length - 1]!)).toBe("POST /api/admin/reset-data");
    expect(ROLES[ROLES.length - 1]).toBe("admin");
  });

  for (const row of MATRIX) {
    it(`${row.method} ${row.path}${row.case ? ` (${row.case})` : ""}`, async () => {
      const found: string[] = [];
      for (const role of ROLES) {
        const problem = await check(row, role);
        checks++;
        if (problem) found.push(problem);
      }
      violations.push(...found);
      expect(found).toEqual([]);
    });
  }
});

async function check(row: MatrixRow, role: Role): Promise<string | undefined> {
  const w = row.isolate ? await buildWorld(t) : world;
  const cookie = row.isolate || row.freshSession ? await mintSession(t, w, role) : w.cookies[role];
  const call = row.call ? await row.call({ t, w, role }) : { url: row.path };
  const agent = supertest(t.app);
  let req =
    row.method === "GET"
      ? agent.get(call.url)
      : row.method === "POST"
        ? agent.post(call.url)
        : row.method === "PUT"
          ? agent.put(call.url)
          : row.method === "PATCH"
            ? agent.patch(call.url)
            : agent.delete(call.url);
  if (cookie) req = req.set("Cookie", cookie);
  // An event stream never ends: its 200 is read from the headers, and the stream closed there.
  if (row.stream) req = req.buffer(true).parse(stopAtEventStream as unknown as Parameters<typeof req.parse>[0]);
  const res = row.method === "GET" ? await req : await req.send((call.body ?? {}) as object);
  const expected = row.expect[role];
  const label = `${role} ${row.method} ${call.url}${row.case ? ` (${row.case})` : ""}`;
  if (!fits(res.status, expected)) return `${label}: expected ${String(expected)}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
  if (res.status >= 400 && (typeof res.body?.message !== "string" || res.body.message.trim() === ""))
    return `${label}: ${res.status} without a message`;
  return undefined;
}

/** superagent parser: a JSON refusal is read whole; a text/event-stream answer is closed at once. */
function stopAtEventStream(res: import("node:http").IncomingMessage, done: (err: Error | null, body: unknown) => void): void {
  if (String(res.headers["content-type"]).startsWith("text/event-stream")) {
    res.destroy();
    return done(null, {});
  }
  let text = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => (text += chunk));
  res.on("end", () => {
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, text);
    }
  });
}
