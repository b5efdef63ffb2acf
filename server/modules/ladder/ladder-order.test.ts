// Every reader of the ladder order agrees on every rank: the ladder page (GET /api/teams), the team
// profile, the history statistics, the /challenge-teams table and the reach check of
// POST /api/challenges. Generated clubs are full of ties (equal ratings, equal wins, equal creation
// times) and of inactive and away teams, every other club with a past club break that keeps some of
// them active (docs/product.md, "Activity", "Away"); the expected ranks come from an oracle written
// here, apart from the SQL under test.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq, inArray, or } from "drizzle-orm";
import type supertest from "supertest";
import { challenges, clubBreaks, teamAway, teams, users } from "@shared/schema";
import { addDays, clubDay, DEFAULT_CLUB_TIMEZONE, formatDay, zonedDayStart } from "@shared/time";
import { CHALLENGE_REACH, CHALLENGE_STATUS, SURFACE_LOCATIONS, SURFACES, type CompetitionType, type Surface } from "@shared/constants";
import type { TeamsPage, TeamView } from "@shared/types/teams";
import type { ChallengeCandidatesPage } from "@shared/types/challenges";
import type { TeamStats } from "@shared/types/matches";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, ranksChanged, type TeamFixture } from "../../../tests/helpers/factories";

let t: TestApp;
useTestApp((app) => (t = app), { AUTH_RATE_LIMIT_MAX: "100000" });

const CATEGORIES = ["Men's Doubles", "Women's Doubles"] as const satisfies readonly CompetitionType[];
const EPOCH = Date.parse("2024-03-01T12:00:00Z");

interface SurfaceRecord {
  rating: number;
  wins: number;
  losses: number;
}

/**
 * How long since its last confirmed match (the threshold is 28 days): 5 days; 40 days (inactive,
 * active when the club had a 20-day break since); 40 days of which 20 away (active); 50 days of
 * which 20 away, the same days as the club's break when it has one (inactive: a day both away and on
 * a break counts once); 5 days and away from today (active, ranked, not challengeable).
 */
type Activity = "recent" | "idle" | "idleButAway" | "idleAwayInBreak" | "awayNow";

interface GeneratedTeam {
  activity: Activity;
  category: CompetitionType;
  approved: boolean;
  deleted: boolean;
  rating: number;
  wins: number;
  /** Milliseconds after EPOCH (created_at keeps milliseconds): equal values are common. */
  createdMs: number;
  surfaces: Record<Surface, SurfaceRecord>;
}

const surfaceRecord = fc.record({
  rating: fc.constantFrom(1480, 1500, 1520),
  wins: fc.constantFrom(0, 0, 1, 2),
  losses: fc.constantFrom(0, 1),
});

const generatedTeam: fc.Arbitrary<GeneratedTeam> = fc.record({
  activity: fc.constantFrom<Activity>("recent", "recent", "recent", "idle", "idle", "idleButAway", "idleAwayInBreak", "awayNow"),
  category: fc.constantFrom(...CATEGORIES),
  approved: fc.constantFrom(true, true, true, true, false),
  deleted: fc.constantFrom(false, false, false, false, false, true),
  rating: fc.constantFrom(1490, 1500, 1510),
  wins: fc.constantFrom(0, 1, 3),
  createdMs: fc.constantFrom(0, 0, 0, 1, 2, 60_000),
  surfaces: fc.record({ grass: surfaceRecord, beach: surfaceRecord, hardcourt: surfaceRecord }),
});

/** Six approved, active teams of one category, ranked on every surface: reach refusals are certain. */
const playedRecord = fc.record({
  rating: fc.constantFrom(1480, 1500, 1520),
  wins: fc.constantFrom(1, 1, 2),
  losses: fc.constantFrom(0, 1),
});
const spineTeam: fc.Arbitrary<GeneratedTeam> = generatedTeam.chain((team) =>
  fc.record({ grass: playedRecord, beach: playedRecord, hardcourt: playedRecord }).map((surfaces) => ({
    ...team,
    activity: "recent" as Activity,
    category: CATEGORIES[0],
    approved: true,
    deleted: false,
    surfaces,
  })),
);
/** Plus one inactive and one away team on that ladder, so every run has both. */
const as = (activity: Activity) => spineTeam.map((team) => ({ ...team, activity }));
const club = fc
  .tuple(fc.array(spineTeam, { minLength: 6, maxLength: 6 }), as("idle"), as("awayNow"), fc.array(generatedTeam, { minLength: 2, maxLength: 7 }))
  .chain(([spine, idle, away, others]) => fc.shuffledSubarray([...spine, idle, away, ...others], { minLength: spine.length + 2 + others.length }));

interface Made {
  spec: GeneratedTeam;
  fixture: TeamFixture;
  id: number;
  /** The oracle's answer, from the activity and whether the club had the break. */
  inactive: boolean;
}

const inactive = (m: Made) => m.inactive;

/** The oracle: rating desc, more wins, earlier creation, lower id; ranks 1..n among the active teams on that ladder. */
function expectedRanks(club: Made[], on: (m: Made) => boolean, rating: (m: Made) => number, wins: (m: Made) => number): Map<number, number> {
  const ladder = club.filter((m) => !m.spec.deleted && m.spec.approved && !inactive(m) && on(m));
  ladder.sort(
    (a, b) =>
      rating(b) - rating(a) || wins(b) - wins(a) || a.spec.createdMs - b.spec.createdMs || a.id - b.id,
  );
  return new Map(ladder.map((m, i) => [m.id, i + 1]));
}

const surfaceRanks = (club: Made[], surface: Surface, category?: CompetitionType) =>
  expectedRanks(
    club,
    (m) => (category === undefined || m.spec.category === category) && m.spec.surfaces[surface].wins + m.spec.surfaces[surface].losses > 0,
    (m) => m.spec.surfaces[surface].rating,
    (m) => m.spec.surfaces[surface].wins,
  );
const overallRanks = (club: Made[]) => expectedRanks(club, () => true, (m) => m.spec.rating, (m) => m.spec.wins);

const DAY_MS = 86_400_000;
const today = () => clubDay(new Date(), DEFAULT_CLUB_TIMEZONE);

/** The past club break of the clubs that have one: days −30 to −11, the 20 days `idleButAway` is away. */
const PAST_BREAK = "Ladder order test break";
const IDLE_DAYS: Record<Activity, number> = { recent: 5, idle: 40, idleButAway: 40, idleAwayInBreak: 50, awayNow: 5 };

async function makeClub(specs: GeneratedTeam[], withBreak = false): Promise<Made[]> {
  const club: Made[] = [];
  if (withBreak)
    await t.db.insert(clubBreaks).values({
      name: PAST_BREAK,
      startsAt: zonedDayStart(addDays(today(), -30), DEFAULT_CLUB_TIMEZONE),
      endsAt: zonedDayStart(addDays(today(), -10), DEFAULT_CLUB_TIMEZONE),
    });
  for (const spec of specs) {
    const idleDays = IDLE_DAYS[spec.activity];
    const s = spec.surfaces;
    const fixture = await createTeam(t.db, {
      competitionType: spec.category,
      approved: spec.approved,
      team: {
        rating: spec.rating,
        wins: spec.wins,
        grassRating: s.grass.rating,
        grassWins: s.grass.wins,
        grassLosses: s.grass.losses,
        beachRating: s.beach.rating,
        beachWins: s.beach.wins,
        beachLosses: s.beach.losses,
        hardcourtRating: s.hardcourt.rating,
        hardcourtWins: s.hardcourt.wins,
        hardcourtLosses: s.hardcourt.losses,
        createdAt: new Date(EPOCH + spec.createdMs),
        lastActiveAt: new Date(Date.now() - idleDays * DAY_MS),
        ...(spec.deleted ? { deletedAt: new Date() } : {}),
      },
    });
    if (spec.activity === "idleButAway" || spec.activity === "idleAwayInBreak")
      await t.db.insert(teamAway).values({ teamId: fixture.team.id, firstDay: addDays(today(), -30), lastDay: addDays(today(), -11) });
    if (spec.activity === "awayNow")
      await t.db.insert(teamAway).values({ teamId: fixture.team.id, firstDay: today(), lastDay: addDays(today(), 3) });
    const inactive = (spec.activity === "idle" && !withBreak) || spec.activity === "idleAwayInBreak";
    if (spec.activity === "idle" && withBreak) keptActiveByBreak++;
    club.push({ spec, fixture, id: fixture.team.id, inactive });
  }
  // The away ranges and the break were written directly: the stored ranks follow, as after an app write.
  await ranksChanged(t.db);
  return club;
}

async function dropClub(club: Made[]): Promise<void> {
  await t.db.delete(clubBreaks).where(eq(clubBreaks.name, PAST_BREAK));
  const ids = club.map((m) => m.id);
  if (ids.length === 0) return;
  await t.db.delete(challenges).where(or(inArray(challenges.challengerTeamId, ids), inArray(challenges.challengedTeamId, ids)));
  await t.db.delete(users).where(inArray(users.teamId, ids));
  await t.db.delete(teams).where(inArray(teams.id, ids));
  await ranksChanged(t.db);
}

/** Idle teams that the club's break kept active (so the test shows the break was exercised). */
let keptActiveByBreak = 0;

/** Challenges tried through the reach check, by outcome (so the test shows it exercised both). */
const tried = { allowed: 0, refused: 0, away: 0 };

const ranksOf = (items: TeamView[], pick: (v: TeamView) => number | null) => new Map(items.map((v) => [v.id, pick(v)]));

/** The expected rank of every team of the club (null when not on that ladder) against what a reader said. */
function compare(label: string, club: Made[], expected: Map<number, number>, actual: (id: number) => number | null | undefined) {
  const want = club.map((m) => [m.id, expected.get(m.id) ?? null]);
  const got = club.map((m) => [m.id, actual(m.id) ?? null]);
  expect(got, label).toEqual(want);
}

async function checkClub(club: Made[]): Promise<void> {
  const eligible = club.filter((m) => m.spec.approved && !m.spec.deleted);
  const agents = new Map<number, supertest.Agent>();
  for (const m of eligible) agents.set(m.id, await t.signedIn(m.fixture.captain.username));
  const viewer = agents.values().next().value;
  if (!viewer) return;
  const visible = (m: Made) => !m.spec.deleted;

  // Overall: the list, every profile, every team's history statistics.
  const overall = overallRanks(club);
  const list = (await viewer.get("/api/teams").query({ limit: 200 }).expect(200)).body as TeamsPage;
  compare("overall rank on GET /api/teams", club.filter(visible), overall, (id) => ranksOf(list.items, (v) => v.rank).get(id));
  for (const m of club.filter(visible)) {
    const profile = (await viewer.get(`/api/teams/${m.id}`).expect(200)).body as TeamView;
    expect(profile.rank, `profile rank of team ${m.id}`).toBe(overall.get(m.id) ?? null);
  }
  for (const m of eligible) {
    const stats = (await agents.get(m.id)!.get("/api/matches/stats").expect(200)).body as TeamStats;
    expect(stats.overall.rank, `history statistics rank of team ${m.id}`).toBe(overall.get(m.id) ?? null);
  }

  for (const surface of SURFACES) {
    // The ladder page across all categories, and per category.
    const all = (await viewer.get("/api/teams").query({ surface, limit: 200 }).expect(200)).body as TeamsPage;
    compare(`${surface} ladder, every category`, club.filter(visible), surfaceRanks(club, surface), (id) =>
      ranksOf(all.items, (v) => v.surfaceRank).get(id),
    );
    for (const category of CATEGORIES) {
      const expected = surfaceRanks(club, surface, category);
      const page = (await viewer.get("/api/teams").query({ surface, competitionType: category, limit: 200 }).expect(200)).body as TeamsPage;
      const pageRanks = ranksOf(page.items, (v) => v.surfaceRank);
      const inCategory = club.filter((m) => visible(m) && m.spec.category === category);
      compare(`${surface} ladder page, ${category}`, inCategory, expected, (id) => pageRanks.get(id));
      // The inactive teams are listed below the ranked ones, marked, without a rank; away teams say so.
      const listed = page.items.filter((v) => club.some((m) => m.id === v.id));
      const flags = listed.map((v) => v.inactive);
      expect(flags, `${surface} ${category}: inactive teams last`).toEqual([...flags].sort((x, y) => Number(x) - Number(y)));
      for (const v of listed) {
        const m = club.find((c) => c.id === v.id)!;
        expect(v.inactive, `team ${v.id} inactive`).toBe(inactive(m));
        expect(v.awayUntil, `team ${v.id} away until`).toBe(m.spec.activity === "awayNow" ? addDays(today(), 3) : null);
        if (v.inactive) expect(v.surfaceRank).toBeNull();
      }

      // The /challenge-teams table and the reach check, from every eligible team of the category.
      const ladderSize = page.items.filter((v) => v.surfaceRank !== null).length;
      const position = (id: number) => pageRanks.get(id) ?? ladderSize + 1;
      for (const me of eligible.filter((m) => m.spec.category === category)) {
        const agent = agents.get(me.id)!;
        const candidates = (
          await agent.get("/api/challenges/candidates").query({ surface, competitionType: category, limit: 100 }).expect(200)
        ).body as ChallengeCandidatesPage;
        expect(candidates.me, `challenge table: own rank of team ${me.id} on ${surface}`).toMatchObject({
          rank: pageRanks.get(me.id) ?? null,
          ladderSize,
        });
        const rows = new Map(candidates.items.map((c) => [c.id, c.rank]));
        compare(
          `challenge table ranks seen by team ${me.id} on ${surface}`,
          inCategory.filter((m) => m.id !== me.id),
          expected,
          (id) => rows.get(id),
        );
        // Challenging every eligible team above (the reach rule only matters upwards).
        for (const target of eligible.filter((m) => m.spec.category === category && position(m.id) < position(me.id))) {
          const res = await agent.post("/api/challenges").send({
            challengedTeamId: target.id,
            location: SURFACE_LOCATIONS[surface],
            competitionType: category,
            notes: "Call 604-555-0100",
            proposedDateTime: new Date(Date.now() + 86_400_000).toISOString(),
          });
          const away = target.spec.activity === "awayNow";
          const allowed = !away && position(target.id) >= position(me.id) - CHALLENGE_REACH;
          const label = `team ${me.id} (#${position(me.id)}) challenges team ${target.id} (#${position(target.id)}) on ${surface}: ${res.status} ${res.body.message}`;
          if (away) {
            tried.away++;
            expect(res.status, label).toBe(400);
            expect(res.body.code, label).toBe("team_away");
            expect(res.body.message, label).toContain(`is away until ${formatDay(addDays(today(), 3))}`);
          } else if (allowed) {
            tried.allowed++;
            expect(res.status, label).toBe(201);
            await t.db.update(challenges).set({ status: CHALLENGE_STATUS.canceled }).where(inArray(challenges.id, [res.body.id]));
          } else {
            tried.refused++;
            expect(res.status, label).toBe(400);
            expect(res.body.code, label).toBe("out_of_reach");
            const them = pageRanks.get(target.id) != null ? `#${pageRanks.get(target.id)}` : "unranked";
            const mine = pageRanks.get(me.id) != null ? `#${pageRanks.get(me.id)}` : `unranked, counted as #${ladderSize + 1}`;
            expect(res.body.message, label).toContain(`(you are ${mine}, they are ${them})`);
          }
        }
      }
    }
  }
}

describe("one ladder order for every reader", () => {
  it("the ladder page, profiles, history statistics, the challenge table and the reach check agree on every rank", async () => {
    // Every other club had a club break (days −30 to −11): certain to be exercised, and logged.
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(club, async (specs) => {
        const withBreak = runs++ % 2 === 1;
        if (withBreak) console.log(`ladder order: club ${runs} had a club break from day −30 to −11`);
        const club = await makeClub(specs, withBreak);
        try {
          await checkClub(club);
        } finally {
          await dropClub(club);
        }
      }),
      // No shrinking: every run builds a club through the database (seconds each); the failing club is printed.
      { numRuns: 6, endOnFailure: true },
    );
    expect(tried.allowed).toBeGreaterThan(0);
    expect(tried.refused).toBeGreaterThan(0);
    expect(tried.away).toBeGreaterThan(0);
    expect(keptActiveByBreak).toBeGreaterThan(0);
    // Minutes on a loaded machine: each run builds a club and reads it through every reader.
  }, 900_000);

  it("teams equal in rating and wins are ordered by creation time, then id, in every reader", async () => {
    // Equal ratings and wins everywhere: only created_at and then id decide.
    const flat: SurfaceRecord = { rating: 1500, wins: 1, losses: 0 };
    const spec = (createdMs: number): GeneratedTeam => ({
      activity: "recent",
      category: "Men's Doubles",
      approved: true,
      deleted: false,
      rating: 1500,
      wins: 2,
      createdMs,
      surfaces: { grass: flat, beach: flat, hardcourt: flat },
    });
    const club = await makeClub([spec(5), spec(1), spec(5), spec(9), spec(0), spec(5)]);
    try {
      await checkClub(club);
    } finally {
      await dropClub(club);
    }
  }, 60_000);
});
