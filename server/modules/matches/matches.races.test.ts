// QUALITY.md races, on PGlite and PostgreSQL: same-match confirmations, confirm vs dispute, many
// matches of one team at once; and the deadline sweep (also several sweeps at once).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, inArray } from "drizzle-orm";
import { matches, teams } from "@shared/schema";
import { applyMatch, replay } from "@shared/rating";
import type supertest from "supertest";
import { createTestApp, type TestApp } from "../../../tests/helpers/app";
import { onPostgres } from "../../../tests/helpers/db";
import { createTeam, signIn, type TeamFixture } from "../../../tests/helpers/factories";
import { matchRow, reportedMatch, teamState, challengeRow } from "./matches.fixtures";
import { sweepOverdueMatches } from "./sweep";

let t: TestApp;
let a: TeamFixture;
let b: TeamFixture;
let bCaptain: supertest.Agent;
let bPartner: supertest.Agent;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTeam(t.db);
  b = await createTeam(t.db);
  bCaptain = t.agent();
  await signIn(bCaptain, b.captain.username);
  bPartner = t.agent();
  await signIn(bPartner, b.partner.username);
});
afterAll(async () => {
  await t.close();
});

const REPETITIONS = 20;
const CONCURRENT = 50;

describe("same-match race", () => {
  it(`${CONCURRENT} concurrent confirmations (approve + token mixed) give exactly one success and move ratings once, ${REPETITIONS} times`, async () => {
    for (let rep = 0; rep < REPETITIONS; rep++) {
      const { match, token } = await reportedMatch(t.db, {
        reporter: { team: a.team, captainId: a.captain.id },
        opponent: b.team,
        winner: rep % 2 === 0 ? "reporter" : "opponent",
        surface: (["grass", "beach", "hardcourt"] as const)[rep % 3]!,
      });
      const sa = await teamState(t.db, a.team.id);
      const sb = await teamState(t.db, b.team.id);
      const expected = applyMatch(sa, sb, { surface: match.surface, aWon: match.winnerTeamId === a.team.id });

      const calls = Array.from({ length: CONCURRENT }, (_, i) => {
        if (i % 3 === 0) return bCaptain.post(`/api/matches/${match.id}/approve`).send({});
        if (i % 3 === 1) return bPartner.post(`/api/matches/${match.id}/approve`).send({});
        return t.request.post(`/api/matches/confirm/${token}`).send({});
      });
      const results = await Promise.all(calls);
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200), `rep ${rep}: ${statuses.join(",")}`).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe("Match Already confirmed");

      expect(await teamState(t.db, a.team.id)).toEqual(expected.a);
      expect(await teamState(t.db, b.team.id)).toEqual(expected.b);
      const m = await matchRow(t.db, match.id);
      expect(m.team1PrevRating).toBe(expected.surfaceChange.aPrev);
      expect(m.team1NewRating).toBe(expected.surfaceChange.aNew);
    }
  }, 300_000);
});

describe("confirm against dispute", () => {
  it("each match ends in exactly one state, and ratings move only for confirmed ones", async () => {
    const reps = onPostgres() ? 10 : 4;
    for (let rep = 0; rep < reps; rep++) {
      const { match, token } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
      const sa = await teamState(t.db, a.team.id);
      const calls = [
        t.request.post(`/api/matches/dispute/${token}`).send({ reason: "That is not the score we played." }),
        bCaptain.post(`/api/matches/${match.id}/approve`).send({}),
        t.request.post(`/api/matches/confirm/${token}`).send({}),
        bPartner.post(`/api/matches/${match.id}/dispute`).send({ reason: "We dispute this result, sorry." }),
      ];
      const results = await Promise.all(calls);
      const ok = results.filter((r) => r.status === 200);
      expect(ok, results.map((r) => `${r.status} ${r.body.message}`).join(" | ")).toHaveLength(1);
      expect(
        results.filter((r) => r.status !== 200).every((r) => r.status === 409),
        results.map((r) => `${r.status} ${r.body.message}`).join(" | "),
      ).toBe(true);
      const m = await matchRow(t.db, match.id);
      const after = await teamState(t.db, a.team.id);
      if (m.confirmationStatus === "confirmed") {
        expect(m.matchStatus).toBe("approved");
        expect(after).not.toEqual(sa);
      } else {
        expect(m.confirmationStatus).toBe("disputed");
        expect(m.matchStatus).toBe("reported");
        expect(after).toEqual(sa);
      }
    }
  }, 120_000);
});

describe("shared-team race", () => {
  it("many matches of one team confirmed at once leave ratings equal to a replay of history", async () => {
    const hub = await createTeam(t.db);
    const others = await Promise.all(Array.from({ length: 8 }, () => createTeam(t.db)));
    const reported = [];
    for (const [i, o] of others.entries()) {
      // Two matches per opponent, mixed winners and surfaces.
      for (let k = 0; k < 2; k++) {
        reported.push(
          await reportedMatch(t.db, {
            reporter: { team: hub.team, captainId: hub.captain.id },
            opponent: o.team,
            winner: (i + k) % 2 === 0 ? "reporter" : "opponent",
            surface: (["grass", "beach", "hardcourt"] as const)[(i + k) % 3]!,
          }),
        );
      }
    }
    const results = await Promise.all(reported.map((r) => t.request.post(`/api/matches/confirm/${r.token}`).send({})));
    expect(results.map((r) => r.status).every((s) => s === 200)).toBe(true);

    const ids = [hub.team.id, ...others.map((o) => o.team.id)];
    const history = await t.db
      .select({ team1Id: matches.team1Id, team2Id: matches.team2Id, winnerTeamId: matches.winnerTeamId, surface: matches.surface })
      .from(matches)
      .where(inArray(matches.id, reported.map((r) => r.match.id)))
      .orderBy(asc(matches.approvedAt), asc(matches.id));
    const replayed = replay(ids, history);
    for (const id of ids) expect(await teamState(t.db, id), `team ${id}`).toEqual(replayed.get(id));
    const hubRow = await teamState(t.db, hub.team.id);
    expect(hubRow.wins + hubRow.losses).toBe(16);
  }, 120_000);
});

describe("the approval sweep", () => {
  it("auto-confirms undisputed matches past their deadline, leaves others alone, and is safe run several times at once", async () => {
    const x = await createTeam(t.db);
    const y = await createTeam(t.db);
    const z = await createTeam(t.db);
    const past = new Date(Date.now() - 60_000);
    const overdue1 = await reportedMatch(t.db, { reporter: { team: x.team, captainId: x.captain.id }, opponent: y.team, deadline: past });
    const overdue2 = await reportedMatch(t.db, { reporter: { team: y.team, captainId: y.captain.id }, opponent: z.team, deadline: past, winner: "opponent" });
    const overdue3 = await reportedMatch(t.db, { reporter: { team: z.team, captainId: z.captain.id }, opponent: x.team, deadline: past, surface: "beach" });
    const future = await reportedMatch(t.db, { reporter: { team: x.team, captainId: x.captain.id }, opponent: z.team });
    const disputed = await reportedMatch(t.db, { reporter: { team: x.team, captainId: x.captain.id }, opponent: y.team, deadline: past });
    await t.request.post(`/api/matches/dispute/${disputed.token}`).send({ reason: "Not the score we played at all." }).expect(200);

    const runs = await Promise.all([1, 2, 3].map(() => sweepOverdueMatches({ db: t.db, logger: t.deps.logger, batchSize: 2 })));
    const confirmed = runs.reduce((n, r) => n + r.confirmed, 0);
    // Another pass picks up anything a busy run skipped.
    const again = await sweepOverdueMatches({ db: t.db, logger: t.deps.logger });
    expect(confirmed + again.confirmed).toBe(3);

    for (const r of [overdue1, overdue2, overdue3]) {
      const m = await matchRow(t.db, r.match.id);
      expect(m).toMatchObject({ confirmationStatus: "confirmed", matchStatus: "approved", approvedBy: null });
      expect((await challengeRow(t.db, r.challenge.id)).status).toBe("completed");
    }
    expect((await matchRow(t.db, future.match.id)).confirmationStatus).toBe("pending");
    expect((await matchRow(t.db, disputed.match.id)).confirmationStatus).toBe("disputed");

    const ids = [x.team.id, y.team.id, z.team.id];
    const history = await t.db
      .select({ team1Id: matches.team1Id, team2Id: matches.team2Id, winnerTeamId: matches.winnerTeamId, surface: matches.surface })
      .from(matches)
      .where(inArray(matches.id, [overdue1.match.id, overdue2.match.id, overdue3.match.id]))
      .orderBy(asc(matches.approvedAt), asc(matches.id));
    const replayed = replay(ids, history);
    for (const id of ids) expect(await teamState(t.db, id)).toEqual(replayed.get(id));

    const none = await sweepOverdueMatches({ db: t.db, logger: t.deps.logger });
    expect(none.confirmed).toBe(0);
    const [row] = await t.db.select({ wins: teams.wins }).from(teams).where(eq(teams.id, x.team.id));
    expect(row!.wins + (await teamState(t.db, x.team.id)).losses).toBe(2);
  }, 60_000);
});
