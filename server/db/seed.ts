// Demo club: a dozen approved teams across the three categories, with about sixty confirmed matches on
// every surface over the last 120 days (rated through the engine, in order), plus a few challenges
// and one result awaiting approval, so the ladder and the home page are alive on first look.
import { and, eq, inArray } from "drizzle-orm";
import { challenges, matches, teams, users, type NewMatch } from "@shared/schema";
import {
  CHALLENGE_STATUS,
  CONFIRMATION_STATUS,
  MATCH_STATUS,
  MATCH_TYPE,
  OPEN_CHALLENGE_STATUSES,
  SET_WINNING_SCORE,
  SURFACES,
  SURFACE_LOCATIONS,
  type CompetitionType,
  type Surface,
} from "@shared/constants";
import { applyMatch, expectedScore, INITIAL_RATING_STATE, matchRatingColumns, type RatingState } from "@shared/rating";
import type { Db } from "./client";
import { hashPassword } from "../auth/password";
import { refreshLadderRanks, type ActivityAt } from "../modules/ladder";

export const DEMO_PLAYER_PASSWORD = "Player123";

interface DemoTeam {
  name: string;
  category: CompetitionType;
  captain: [username: string, name: string];
  partner: [username: string, name: string];
  bio: string;
}

export const DEMO_TEAMS: DemoTeam[] = [
  { name: "Thunderbirds", category: "Men's Doubles", captain: ["alex", "Alex Chen"], partner: ["ben", "Ben Okafor"], bio: "Early-morning regulars on the UBC grass." },
  { name: "Net Ninjas", category: "Men's Doubles", captain: ["carlos", "Carlos Ruiz"], partner: ["dev", "Dev Patel"], bio: "Quick hands at the net." },
  { name: "Baseline Bros", category: "Men's Doubles", captain: ["ethan", "Ethan Walsh"], partner: ["felix", "Felix Wong"], bio: "We live on the baseline." },
  { name: "Spin Doctors", category: "Men's Doubles", captain: ["gabe", "Gabe Martin"], partner: ["hiro", "Hiro Tanaka"], bio: "Topspin is a lifestyle." },
  { name: "Sand Storm", category: "Women's Doubles", captain: ["isla", "Isla Brown"], partner: ["jade", "Jade Singh"], bio: "Happiest on Jericho Beach." },
  { name: "Drop Shot Queens", category: "Women's Doubles", captain: ["kara", "Kara Nguyen"], partner: ["lena", "Lena Fischer"], bio: "Soft hands, sharp angles." },
  { name: "Court Jesters", category: "Women's Doubles", captain: ["maya", "Maya Lopez"], partner: ["nina", "Nina Kowalski"], bio: "Serious fun." },
  { name: "Rally Cats", category: "Women's Doubles", captain: ["olivia", "Olivia Park"], partner: ["priya", "Priya Rao"], bio: "Nine lives per rally." },
  { name: "Mixed Signals", category: "Mixed Doubles", captain: ["quinn", "Quinn Taylor"], partner: ["rosa", "Rosa Diaz"], bio: "We call every ball twice." },
  { name: "Love All", category: "Mixed Doubles", captain: ["sam", "Sam Lee"], partner: ["tara", "Tara Moore"], bio: "Zero is just a start." },
  { name: "Deuce Bigalow", category: "Mixed Doubles", captain: ["uma", "Uma Reddy"], partner: ["victor", "Victor Hugo"], bio: "Always one point away." },
  { name: "Volley Llamas", category: "Mixed Doubles", captain: ["wren", "Wren Adams"], partner: ["xavier", "Xavier Dubois"], bio: "Calm at the net." },
];

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_HISTORY_DAYS = 120;
export const DEMO_MATCH_COUNT = 60;
/** The demo team that stopped playing: no match in the last DEMO_INACTIVE_SINCE_DAYS days, so it shows Inactive. */
export const DEMO_INACTIVE_TEAM = "Volley Llamas";
export const DEMO_INACTIVE_SINCE_DAYS = 40;

/** Loads the demo teams and their members. Returns the created team ids in DEMO_TEAMS order. */
export async function seedDemoTeams(db: Db): Promise<number[]> {
  const password = await hashPassword(DEMO_PLAYER_PASSWORD);
  const ids: number[] = [];
  const start = Date.now() - DEMO_HISTORY_DAYS * DAY_MS;
  for (const [i, t] of DEMO_TEAMS.entries()) {
    const createdAt = new Date(start + i * 60 * 60 * 1000);
    await db.transaction(async (tx) => {
      const [team] = await tx
        .insert(teams)
        .values({ name: t.name, competitionType: t.category, isApproved: true, bio: t.bio, location: "Vancouver", createdAt })
        .returning({ id: teams.id });
      if (!team) throw new Error("team insert failed");
      ids.push(team.id);
      const member = ([username, name]: DemoTeam["captain"], role: { isCaptain: true } | { isPartner: true }) => ({
        username,
        password,
        name,
        email: `${username}@students.example.edu`,
        teamId: team.id,
        ...role,
        isApproved: true,
        isEmailVerified: true,
        joinedAt: createdAt,
      });
      await tx.insert(users).values([member(t.captain, { isCaptain: true }), member(t.partner, { isPartner: true })]);
    });
  }
  return ids;
}

/** mulberry32: a small deterministic PRNG so the demo history is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Set scores [team1, team2] for a best-of-three won by team1 (team1Won) or team2. */
export function demoScore(rand: () => number, team1Won: boolean): [number, number][] {
  const loserSets = rand() < 0.45 ? 1 : 0;
  const order: boolean[] = [true, true];
  if (loserSets === 1) order.splice(rand() < 0.5 ? 0 : 1, 0, false);
  return order.map((winnerWonSet) => {
    const other = Math.floor(rand() * SET_WINNING_SCORE);
    const team1TakesSet = winnerWonSet === team1Won;
    return team1TakesSet ? [SET_WINNING_SCORE, other] : [other, SET_WINNING_SCORE];
  });
}

/** The demo club's confirmed history: DEMO_MATCH_COUNT matches inside each category, every surface used. */
export async function seedDemoMatches(db: Db, teamIds: number[]): Promise<{ matches: number }> {
  const rand = seededRandom(20240901);
  const captainRows = await db
    .select({ id: users.id, teamId: users.teamId })
    .from(users)
    .where(and(inArray(users.teamId, teamIds), eq(users.isCaptain, true)));
  const captainOf = new Map(captainRows.map((r) => [r.teamId!, r.id]));
  const byCategory = new Map<CompetitionType, number[]>();
  teamIds.forEach((id, i) => {
    const cat = DEMO_TEAMS[i]!.category;
    byCategory.set(cat, [...(byCategory.get(cat) ?? []), id]);
  });
  const categories = [...byCategory.keys()];
  // Hidden strengths make the ladder plausible (stronger teams win more often, not always).
  const strength = new Map(teamIds.map((id) => [id, 1350 + Math.round(rand() * 300)]));
  const states = new Map<number, RatingState>(teamIds.map((id) => [id, { ...INITIAL_RATING_STATE }]));

  const now = Date.now();
  const spanMs = (DEMO_HISTORY_DAYS - 3) * DAY_MS;
  const inactiveTeam = teamIds[DEMO_TEAMS.findIndex((t) => t.name === DEMO_INACTIVE_TEAM)];
  const plan = Array.from({ length: DEMO_MATCH_COUNT }, (_, i) => {
    const category = categories[i % categories.length]!;
    const surface: Surface = SURFACES[Math.floor(i / categories.length) % SURFACES.length]!;
    const pool = byCategory.get(category)!;
    const a = Math.floor(rand() * pool.length);
    const b = (a + 1 + Math.floor(rand() * (pool.length - 1))) % pool.length;
    const matchDate = new Date(now - spanMs + (i / DEMO_MATCH_COUNT) * spanMs + Math.floor(rand() * 10) * 60 * 60 * 1000);
    let [team1Id, team2Id] = [pool[a]!, pool[b]!];
    // The demo's inactive team (docs/product.md, "Activity") stopped playing: its late matches go to
    // a pool team not in the match.
    if (matchDate.getTime() > now - DEMO_INACTIVE_SINCE_DAYS * DAY_MS && (team1Id === inactiveTeam || team2Id === inactiveTeam)) {
      const stand = pool.find((id) => id !== team1Id && id !== team2Id && id !== inactiveTeam)!;
      if (team1Id === inactiveTeam) team1Id = stand;
      else team2Id = stand;
    }
    return { category, surface, team1Id, team2Id, matchDate };
  });
  // Each team's inactivity counts from its last confirmed match (as the migration sets it for existing data).
  const lastActive = new Map<number, Date>();

  return db.transaction(async (tx) => {
    const challengeRows = await tx
      .insert(challenges)
      .values(
        plan.map((p) => ({
          challengerTeamId: p.team1Id,
          challengedTeamId: p.team2Id,
          createdBy: captainOf.get(p.team1Id) ?? null,
          status: CHALLENGE_STATUS.completed,
          location: SURFACE_LOCATIONS[p.surface],
          surface: p.surface,
          competitionType: p.category,
          notes: "Text me to confirm the court.",
          proposedDateTime: p.matchDate,
          createdAt: new Date(p.matchDate.getTime() - 3 * DAY_MS),
          updatedAt: new Date(p.matchDate.getTime() + 12 * 60 * 60 * 1000),
        })),
      )
      .returning({ id: challenges.id });

    const rows: NewMatch[] = plan.map((p, i) => {
      const s1 = states.get(p.team1Id)!;
      const s2 = states.get(p.team2Id)!;
      const team1Won = rand() < expectedScore(strength.get(p.team1Id)!, strength.get(p.team2Id)!);
      const applied = applyMatch(s1, s2, { surface: p.surface, aWon: team1Won });
      states.set(p.team1Id, applied.a);
      states.set(p.team2Id, applied.b);
      const winnerTeamId = team1Won ? p.team1Id : p.team2Id;
      const reportedAt = new Date(p.matchDate.getTime() + 2 * 60 * 60 * 1000);
      const approvedAt = new Date(p.matchDate.getTime() + 12 * 60 * 60 * 1000);
      for (const id of [p.team1Id, p.team2Id]) if (!(lastActive.get(id)! > approvedAt)) lastActive.set(id, approvedAt);
      return {
        team1Id: p.team1Id,
        team2Id: p.team2Id,
        winnerTeamId,
        player1Id: captainOf.get(p.team1Id) ?? null,
        player2Id: captainOf.get(p.team2Id) ?? null,
        winnerId: captainOf.get(winnerTeamId) ?? null,
        challengeId: challengeRows[i]!.id,
        matchDate: p.matchDate,
        location: SURFACE_LOCATIONS[p.surface],
        surface: p.surface,
        score: JSON.stringify(demoScore(rand, team1Won)),
        notes: null,
        ...matchRatingColumns(applied),
        matchStatus: MATCH_STATUS.approved,
        confirmationStatus: CONFIRMATION_STATUS.confirmed,
        approvalDeadline: new Date(reportedAt.getTime() + 3 * DAY_MS),
        approvedBy: captainOf.get(p.team2Id) ?? null,
        approvedAt,
        reportedBy: captainOf.get(p.team1Id) ?? null,
        reportedByTeamId: p.team1Id,
        matchType: MATCH_TYPE.challenge,
        createdAt: reportedAt,
        updatedAt: approvedAt,
      };
    });
    await tx.insert(matches).values(rows);
    for (const [id, s] of states) {
      await tx.update(teams).set({ ...s, ...(lastActive.has(id) ? { lastActiveAt: lastActive.get(id)! } : {}) }).where(eq(teams.id, id));
    }
    return { matches: rows.length };
  });
}

/**
 * What waits on the home page: for each category's first team, an incoming pending challenge and an
 * accepted one to report; for the first team, also a result reported by an opponent awaiting approval.
 */
export async function seedDemoOpenItems(db: Db, teamIds: number[]): Promise<void> {
  const captains = await db
    .select({ id: users.id, teamId: users.teamId })
    .from(users)
    .where(and(inArray(users.teamId, teamIds), eq(users.isCaptain, true)));
  const captainOf = new Map(captains.map((r) => [r.teamId!, r.id]));
  const now = Date.now();
  const inDays = (d: number, hour: number) => {
    const at = new Date(now + d * DAY_MS);
    at.setUTCHours(hour, 0, 0, 0);
    return at;
  };
  const ch = (from: number, to: number, status: (typeof OPEN_CHALLENGE_STATUSES)[number], surface: Surface, d: number) => {
    const fromIdx = teamIds.indexOf(from);
    return {
      challengerTeamId: from,
      challengedTeamId: to,
      createdBy: captainOf.get(from) ?? null,
      status,
      location: SURFACE_LOCATIONS[surface],
      surface,
      competitionType: DEMO_TEAMS[fromIdx]!.category,
      notes: `Reach ${DEMO_TEAMS[fromIdx]!.captain[1]} at ${DEMO_TEAMS[fromIdx]!.captain[0]}@students.example.edu`,
      proposedDateTime: inDays(d, 17),
      createdAt: new Date(now - (status === CHALLENGE_STATUS.pending ? 1 : 3) * DAY_MS),
      updatedAt: new Date(now - 1 * DAY_MS),
      // The challenge clock with the default windows (docs/product.md, "The challenge clock"): sent a
      // day ago, 72 hours to answer; accepted a day ago, 14 days to play.
      ...(status === CHALLENGE_STATUS.pending
        ? { acceptBy: new Date(now + 2 * DAY_MS), answerRemindAt: new Date(now + DAY_MS) }
        : status === CHALLENGE_STATUS.accepted
          ? { answeredAt: new Date(now - DAY_MS), playBy: new Date(now + 13 * DAY_MS), resultRemindAt: new Date(now + 8 * DAY_MS) }
          : { answeredAt: new Date(now - 2 * DAY_MS) }),
    };
  };
  await db.transaction(async (tx) => {
    const values = [];
    for (let c = 0; c + 3 < teamIds.length; c += 4) {
      const [t0, t1, t2] = [teamIds[c]!, teamIds[c + 1]!, teamIds[c + 2]!];
      values.push(ch(t1, t0, CHALLENGE_STATUS.pending, SURFACES[(c / 4) % 3]!, 3));
      values.push(ch(t0, t2, CHALLENGE_STATUS.accepted, SURFACES[(c / 4 + 1) % 3]!, 2));
    }
    // A challenge nobody answered: its answer window ran out yesterday, so the clock's first sweep
    // (at start-up) expires it and it shows under Past on My Challenges.
    if (teamIds.length > 3) {
      const unanswered = ch(teamIds[3]!, teamIds[2]!, CHALLENGE_STATUS.pending, "beach", -2);
      values.push({ ...unanswered, createdAt: new Date(now - 4 * DAY_MS), updatedAt: new Date(now - 4 * DAY_MS), acceptBy: new Date(now - DAY_MS), answerRemindAt: new Date(now - 2 * DAY_MS) });
    }
    await tx.insert(challenges).values(values);
    // A result the first team has to approve: reported by the fourth team's captain yesterday.
    const [home, rival] = [teamIds[0], teamIds[3]];
    if (home === undefined || rival === undefined) return;
    const [reported] = await tx
      .insert(challenges)
      .values(ch(rival, home, CHALLENGE_STATUS.matchReported, "hardcourt", -1))
      .returning({ id: challenges.id });
    const reportedAt = new Date(now - DAY_MS);
    await tx.insert(matches).values({
      team1Id: rival,
      team2Id: home,
      winnerTeamId: rival,
      player1Id: captainOf.get(rival) ?? null,
      player2Id: captainOf.get(home) ?? null,
      winnerId: captainOf.get(rival) ?? null,
      challengeId: reported!.id,
      matchDate: new Date(now - DAY_MS - 3 * 60 * 60 * 1000),
      location: SURFACE_LOCATIONS.hardcourt,
      surface: "hardcourt",
      score: JSON.stringify([
        [3, 1],
        [2, 3],
        [3, 0],
      ]),
      notes: "Great match, thanks!",
      matchStatus: MATCH_STATUS.reported,
      confirmationStatus: CONFIRMATION_STATUS.pending,
      approvalDeadline: new Date(reportedAt.getTime() + 3 * DAY_MS),
      reportedBy: captainOf.get(rival) ?? null,
      reportedByTeamId: rival,
      matchType: MATCH_TYPE.challenge,
      createdAt: reportedAt,
      updatedAt: reportedAt,
    });
  });
}

/**
 * The whole demo club: teams, a rated history on every surface, and a few open items; then the
 * stored ladder ranks at `at` (decision 038).
 */
export async function seedDemo(db: Db, at: ActivityAt): Promise<{ teams: number; matches: number }> {
  const ids = await seedDemoTeams(db);
  const { matches: played } = await seedDemoMatches(db, ids);
  await seedDemoOpenItems(db, ids);
  await refreshLadderRanks(db, at);
  return { teams: ids.length, matches: played };
}
