// The races of docs/security.md, printed as figures: same-match confirmations (approve and token mixed), confirm
// against dispute, many matches of one team at once. Runs on PGlite (serialised, must still hold)
// and, in CI, on PostgreSQL with a pool of 20 connections (tests/helpers/db.ts), where the requests
// really overlap. The scenarios live in race-scenarios.ts (faults.test.ts runs them across two servers).
import { beforeAll, describe, expect, it } from "vitest";
import { useServedTestApp, type TestApp } from "../helpers/app";
import { onPostgres } from "../helpers/db";
import { createTeam, PASSWORD, type TeamFixture } from "../helpers/factories";
import { call, signInCookie, type Served } from "./http";
import { confirmVsDispute, sameMatchRace, sharedTeamRace, type Side } from "./race-scenarios";

const REPETITIONS = 20;
const CONCURRENT = 50;
const DISPUTE_REPS = onPostgres() ? 20 : 8;
const where = () => (onPostgres() ? "PostgreSQL, pool 20" : "PGlite, serialised");

let t: TestApp;
let served: Served;
let a: TeamFixture;
let b: TeamFixture;
let side: Side;

useServedTestApp((app, server) => ((t = app), (served = server)), { AUTH_RATE_LIMIT_MAX: "1000000" });
beforeAll(async () => {
  a = await createTeam(t.db);
  b = await createTeam(t.db);
  side = {
    base: served.base,
    captainCookie: await signInCookie(served.base, b.captain.username!, PASSWORD),
    partnerCookie: await signInCookie(served.base, b.partner.username!, PASSWORD),
  };
});

describe("races", () => {
  it(`same match: ${CONCURRENT} concurrent confirmations (approve + token mixed) → one success, ratings moved once; ${REPETITIONS} repetitions`, async () => {
    const started = Date.now();
    const violations: string[] = [];
    const successes: number[] = [];
    for (let rep = 0; rep < REPETITIONS; rep++) {
      const r = await sameMatchRace(t.db, { a, b, sides: [side], concurrent: CONCURRENT, rep });
      successes.push(r.successes);
      if (r.violation) violations.push(r.violation);
    }
    console.log(
      `races / same match (${where()}): ${REPETITIONS} repetitions × ${CONCURRENT} concurrent confirmations → ` +
        `violations: ${violations.length}/${REPETITIONS}; successes per repetition: ${[...new Set(successes)].join(",")}; ${Date.now() - started} ms` +
        (violations.length ? `\n  ${violations.join("\n  ")}` : ""),
    );
    expect(violations).toEqual([]);
  }, 300_000);

  it("confirm against dispute → each match ends in exactly one state", async () => {
    const counts = { confirmed: 0, disputed: 0, other: 0 };
    const violations: string[] = [];
    for (let rep = 0; rep < DISPUTE_REPS; rep++) {
      const r = await confirmVsDispute(t.db, { a, b, side, rep });
      counts[r.endState]++;
      if (r.violation) violations.push(`rep ${rep}: ${r.violation}`);
    }
    console.log(
      `races / confirm vs dispute (${where()}): ${DISPUTE_REPS} matches, 4 concurrent calls each → ` +
        `confirmed ${counts.confirmed}, disputed ${counts.disputed}, other ${counts.other}; violations: ${violations.length}/${DISPUTE_REPS}` +
        (violations.length ? `\n  ${violations.join("\n  ")}` : ""),
    );
    expect(violations).toEqual([]);
    expect(counts.other).toBe(0);
  }, 120_000);

  it("many matches of one team confirmed at once → ratings equal the replay of history", async () => {
    const hub = await createTeam(t.db);
    const others = await Promise.all(Array.from({ length: 10 }, () => createTeam(t.db)));
    const r = await sharedTeamRace(t.db, { hub, others, perOpponent: 2, bases: [served.base] });
    console.log(
      `races / shared team (${where()}): ${r.matches} matches of one team confirmed at once → confirmed ${r.confirmed}/${r.matches}; ` +
        `teams differing from replay: ${r.mismatches.length}/${others.length + 1}` +
        (r.mismatches.length ? `\n  ${r.mismatches.join("\n  ")}` : ""),
    );
    expect(r.confirmed).toBe(r.matches);
    expect(r.mismatches).toEqual([]);
  }, 120_000);

  // Every sign-in counts against shared counters (the address, the account, the account from this
  // address) and a correct one takes its account counts back: concurrent sign-ins of one account,
  // right and wrong, must never answer 5xx (they once deadlocked on those counter rows).
  it("concurrent sign-ins, correct and wrong, of two accounts from one address → never a 5xx", async () => {
    const users = [a.captain.username!, a.partner.username!];
    const attempts = Array.from({ length: onPostgres() ? 120 : 40 }, (_, i) => () =>
      call(served.base, "POST", "/api/login", {
        json: { username: users[i % 2], password: i % 3 === 0 ? "not the password" : PASSWORD },
      }),
    );
    const answers = await Promise.all(attempts.map((f) => f()));
    const statuses = answers.map((r) => r.status);
    const failed = statuses.filter((s) => s >= 500).length;
    console.log(`races / sign-ins (${where()}): ${statuses.length} at once → 5xx ${failed}`);
    expect(failed).toBe(0);
    expect(statuses.filter((s) => s === 200).length).toBe(answers.length - Math.ceil(answers.length / 3));
  }, 120_000);
});
