// The deadline sweep (also several sweeps at once), on PGlite and PostgreSQL. The races of docs/security.md
// (same-match confirmations, confirm vs dispute, many matches of one team at once) are in
// tests/security/races.test.ts, which prints their figures.
import { describe, expect, it } from "vitest";
import { asc, eq, inArray } from "drizzle-orm";
import { matches, teams } from "@shared/schema";
import { replay } from "@shared/rating";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam } from "../../../tests/helpers/factories";
import { matchRow, reportedMatch, teamState, challengeRow } from "./matches.fixtures";
import { sweepOverdueMatches } from "./sweep";

let t: TestApp;
useTestApp((app) => (t = app));

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

    const runs = await Promise.all([1, 2, 3].map(() => sweepOverdueMatches({ db: t.db, logger: t.deps.logger, appUrl: t.env.APP_URL, batchSize: 2 })));
    const confirmed = runs.reduce((n, r) => n + r.confirmed, 0);
    // Another pass picks up anything a busy run skipped.
    const again = await sweepOverdueMatches({ db: t.db, logger: t.deps.logger, appUrl: t.env.APP_URL });
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

    const none = await sweepOverdueMatches({ db: t.db, logger: t.deps.logger, appUrl: t.env.APP_URL });
    expect(none.confirmed).toBe(0);
    const [row] = await t.db.select({ wins: teams.wins }).from(teams).where(eq(teams.id, x.team.id));
    expect(row!.wins + (await teamState(t.db, x.team.id)).losses).toBe(2);
  }, 60_000);
});
