// The restore upload (issue 12, items 1 and 5): nothing is read before the caller is known to be an
// admin; the file is read as a stream up to BACKUP_MAX_MB (413 past it, nothing changed).
import http from "node:http";
import { describe, expect, it } from "vitest";
import { useServedTestApp, TEST_APP_URL, type TestApp } from "../../../tests/helpers/app";
import { createTeam, signIn, PASSWORD } from "../../../tests/helpers/factories";
import type { Served } from "../../../tests/security/http";

let t: TestApp;
let served: Served;
useServedTestApp((app, server) => ((t = app), (served = server)), { BACKUP_MAX_MB: "1" });

/** Cookie header of a signed-in agent. */
async function cookieOf(username: string, password = PASSWORD): Promise<string> {
  const agent = t.agent();
  await signIn(agent, username, password);
  const res = await agent.get("/api/user");
  expect(res.status).toBe(200);
  const jar = (agent as unknown as { jar: { getCookies(o: object): { toValueString(): string }[] } }).jar;
  return jar.getCookies({ domain: "127.0.0.1", path: "/", secure: false, script: false }).map((c) => c.toValueString()).join("; ");
}

/**
 * Starts an upload that announces 500 MB and sends 1 KB, then waits for the answer: a server that
 * read the body before deciding would never answer (the test would time out).
 */
function answerBeforeBody(cookie: string | undefined, size = 500 * 1024 * 1024): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL("/api/admin/import-backup?mode=merge", served.base);
    const req = http.request(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(size), Origin: new URL(TEST_APP_URL).origin, ...(cookie ? { Cookie: cookie } : {}) },
    });
    req.on("response", (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.write(`{"formatVersion":1,"tables":{"users":[${"1,".repeat(500)}`);
  });
}

describe("uploading a backup to restore", () => {
  it("is refused before any byte is read when the caller is not an admin (signed out 401, a member 403)", async () => {
    const { captain } = await createTeam(t.db);
    expect((await answerBeforeBody(undefined)).status).toBe(401);
    expect((await answerBeforeBody(await cookieOf(captain.username!))).status).toBe(403);
  });

  it("past BACKUP_MAX_MB answers 413 with a clear message: announced (before reading) or sent", async () => {
    const { admin } = await t.signedInAdmin();
    const cookie = await cookieOf(admin.username!);
    const announced = await answerBeforeBody(cookie);
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.body).message).toMatch(/larger than this server accepts \(1 MB, BACKUP_MAX_MB\)/);
    // Sent without a length (chunked): counted as it arrives.
    // Valid rows (each row is checked as it arrives, so an invalid one would be refused first).
    const team = (id: number) =>
      JSON.stringify({
        id,
        name: `Team ${id} ${"x".repeat(50)}`,
        createdAt: "2024-01-01T00:00:00.000Z",
        updatedAt: "2024-01-01T00:00:00.000Z",
        isApproved: true,
        ...Object.fromEntries(["rating", "grassRating", "beachRating", "hardcourtRating"].map((k) => [k, 1500])),
        ...Object.fromEntries(["wins", "losses", "grassWins", "grassLosses", "beachWins", "beachLosses", "hardcourtWins", "hardcourtLosses"].map((k) => [k, 0])),
        preferredCourtSurface: "grass",
        competitionType: "Mixed Doubles",
      });
    const rows = Array.from({ length: 20_000 }, (_, i) => team(i + 1));
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(new URL("/api/admin/import-backup?mode=merge", served.base), {
        method: "POST",
        headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked", Origin: new URL(TEST_APP_URL).origin, Cookie: cookie },
      });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.write(`{"formatVersion":1,"tables":{"teams":[`);
      for (let i = 0; i < rows.length; i += 1000) req.write(`${i ? "," : ""}${rows.slice(i, i + 1000).join(",")}`);
      req.end("]}}");
    });
    expect(rows.join(",").length).toBeGreaterThan(1024 * 1024);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).message).toMatch(/Nothing was changed/);
  });
});
