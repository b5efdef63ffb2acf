// Seeds a realistic club for the benchmark: 500 teams × scale with members, 50,000 matches × scale
// spread over three years and every surface (rated through the engine, in order), challenges in
// every state, and pending matches with live confirmation tokens for the confirm benchmark.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { authTokens, challenges, ladderRanksAsOf, matches, teams, users, type NewMatch } from "@shared/schema";
import {
  ACTIVE_CHALLENGE_STATUSES,
  CHALLENGE_STATUS,
  CHALLENGE_STATUSES,
  COMPETITION_TYPES,
  CONFIRMATION_STATUS,
  MATCH_STATUS,
  MATCH_TYPE,
  SURFACES,
  SURFACE_LOCATIONS,
  type ChallengeStatus,
} from "@shared/constants";
import { applyMatch, INITIAL_RATING_STATE, matchRatingColumns, type RatingState } from "@shared/rating";
import type { Db } from "../server/db/client";
import { hashPassword } from "../server/auth/password";
import { hashToken } from "../server/auth/tokens";

export interface BulkSeedResult {
  teamIds: number[];
  captainUsernames: string[];
  password: string;
  /** Plain confirmation tokens of pending matches (each confirmable once). */
  confirmTokens: string[];
  pendingMatchIds: number[];
  matchCount: number;
}

export const BENCH_PASSWORD = "Bench1234";
const DAY = 24 * 60 * 60 * 1000;

/** Small deterministic PRNG so two runs seed the same club. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedBulk(db: Db, options: { scale: number; pendingMatches: number; log?: (s: string) => void }): Promise<BulkSeedResult> {
  const log = options.log ?? (() => undefined);
  const rnd = mulberry32(20261122);
  const teamCount = 500 * options.scale;
  const matchCount = 50_000 * options.scale;
  const now = Date.now();
  const start = now - 3 * 365 * DAY;

  log(`teams: ${teamCount}`);
  const teamRows = Array.from({ length: teamCount }, (_, i) => ({
    name: `Bench Team ${i + 1}`,
    competitionType: COMPETITION_TYPES[i % COMPETITION_TYPES.length]!,
    isApproved: true,
    createdAt: new Date(start - (teamCount - i) * 60_000),
  }));
  const teamIds: number[] = [];
  await insertInBatches(teamRows, 2000, async (batch) => {
    const ids = await db.insert(teams).values(batch).returning({ id: teams.id });
    teamIds.push(...ids.map((r) => r.id));
  });

  const hash = await hashPassword(BENCH_PASSWORD);
  const userRows = teamIds.flatMap((teamId, i) => [
    { username: `bcap${i + 1}`, password: hash, name: `Captain ${i + 1}`, email: `bcap${i + 1}@bench.test`, teamId, isCaptain: true, isApproved: true, isEmailVerified: true },
    { username: `bpar${i + 1}`, password: hash, name: `Partner ${i + 1}`, email: `bpar${i + 1}@bench.test`, teamId, isPartner: true, isApproved: true, isEmailVerified: true },
  ]);
  await insertInBatches(userRows, 2000, (batch) => db.insert(users).values(batch));
  const [firstUser] = await db.select({ id: users.id }).from(users).where(sql`${users.username} = 'bcap1'`);
  const captainId = (teamIndex: number) => firstUser!.id + teamIndex * 2;

  // Teams play within their category: index by category.
  const byCategory = COMPETITION_TYPES.map((_, c) => teamIds.map((_, i) => i).filter((i) => i % COMPETITION_TYPES.length === c));
  const states: RatingState[] = teamIds.map(() => ({ ...INITIAL_RATING_STATE }));

  log(`matches: ${matchCount}`);
  let batch: NewMatch[] = [];
  const flush = async () => {
    if (batch.length) await db.insert(matches).values(batch);
    batch = [];
  };
  for (let m = 0; m < matchCount; m++) {
    const pool = byCategory[Math.floor(rnd() * byCategory.length)]!;
    const ai = pool[Math.floor(rnd() * pool.length)]!;
    let bi = pool[Math.floor(rnd() * pool.length)]!;
    if (bi === ai) bi = pool[(pool.indexOf(ai) + 1) % pool.length]!;
    const surface = SURFACES[Math.floor(rnd() * 3)]!;
    const aWon = rnd() < 0.5;
    const applied = applyMatch(states[ai]!, states[bi]!, { surface, aWon });
    states[ai] = applied.a;
    states[bi] = applied.b;
    const date = new Date(start + Math.floor((m / matchCount) * (now - start - DAY)));
    const sets = aWon ? [[3, 1], [2, 3], [3, 0]] : [[1, 3], [3, 2], [0, 3]];
    batch.push({
      team1Id: teamIds[ai]!,
      team2Id: teamIds[bi]!,
      winnerTeamId: aWon ? teamIds[ai]! : teamIds[bi]!,
      matchDate: date,
      location: SURFACE_LOCATIONS[surface],
      surface,
      score: JSON.stringify(sets),
      ...matchRatingColumns(applied),
      matchStatus: MATCH_STATUS.approved,
      confirmationStatus: CONFIRMATION_STATUS.confirmed,
      approvedAt: date,
      approvalDeadline: new Date(date.getTime() + 3 * DAY),
      reportedBy: captainId(ai),
      reportedByTeamId: teamIds[ai]!,
      matchType: MATCH_TYPE.challenge,
      createdAt: date,
      updatedAt: date,
    });
    if (batch.length >= 1500) await flush();
  }
  await flush();

  log("team ratings");
  for (let i = 0; i < teamIds.length; i += 500) {
    const slice = teamIds.slice(i, i + 500);
    const values = sql.join(
      slice.map((id, j) => {
        const s = states[i + j]!;
        return sql`(${id}::int, ${s.rating}::int, ${s.wins}::int, ${s.losses}::int, ${s.grassRating}::int, ${s.beachRating}::int, ${s.hardcourtRating}::int, ${s.grassWins}::int, ${s.grassLosses}::int, ${s.beachWins}::int, ${s.beachLosses}::int, ${s.hardcourtWins}::int, ${s.hardcourtLosses}::int)`;
      }),
      sql`, `,
    );
    await db.execute(sql`update teams t set rating = v.r, wins = v.w, losses = v.l, grass_rating = v.gr, beach_rating = v.br, hardcourt_rating = v.hr,
      grass_wins = v.gw, grass_losses = v.gl, beach_wins = v.bw, beach_losses = v.bl, hardcourt_wins = v.hw, hardcourt_losses = v.hl
      from (values ${values}) as v(id, r, w, l, gr, br, hr, gw, gl, bw, bl, hw, hl) where t.id = v.id`);
  }

  log("challenges in every state");
  const statuses = CHALLENGE_STATUSES.filter((s) => s !== CHALLENGE_STATUS.matchReported);
  const challengeRows: (typeof challenges.$inferInsert)[] = [];
  const usedPairs = new Set<string>();
  for (let i = 0; i < teamIds.length * 4; i++) {
    const pool = byCategory[i % byCategory.length]!;
    const ai = pool[Math.floor(rnd() * pool.length)]!;
    const bi = pool[Math.floor(rnd() * pool.length)]!;
    if (ai === bi) continue;
    let status = statuses[i % statuses.length]!;
    const key = `${Math.min(ai, bi)}-${Math.max(ai, bi)}`;
    if ((ACTIVE_CHALLENGE_STATUSES as readonly ChallengeStatus[]).includes(status)) {
      if (usedPairs.has(key)) status = CHALLENGE_STATUS.completed;
      else usedPairs.add(key);
    }
    const surface = SURFACES[i % 3]!;
    challengeRows.push({
      challengerTeamId: teamIds[ai]!,
      challengedTeamId: teamIds[bi]!,
      createdBy: captainId(ai),
      status,
      location: SURFACE_LOCATIONS[surface],
      surface,
      competitionType: COMPETITION_TYPES[ai % COMPETITION_TYPES.length]!,
      notes: "Text me at 555-0100",
      proposedDateTime: new Date(now + ((i % 30) + 1) * DAY),
    });
  }
  await insertInBatches(challengeRows, 2000, (b) => db.insert(challenges).values(b));

  log(`pending matches with tokens: ${options.pendingMatches}`);
  const confirmTokens: string[] = [];
  const pendingMatchIds: number[] = [];
  const pendingRows: NewMatch[] = [];
  for (let p = 0; p < options.pendingMatches; p++) {
    const pool = byCategory[p % byCategory.length]!;
    const ai = pool[p % pool.length]!;
    const bi = pool[(p * 7 + 3) % pool.length]!;
    if (ai === bi) continue;
    const surface = SURFACES[p % 3]!;
    pendingRows.push({
      team1Id: teamIds[ai]!,
      team2Id: teamIds[bi]!,
      winnerTeamId: teamIds[ai]!,
      matchDate: new Date(now - DAY),
      location: SURFACE_LOCATIONS[surface],
      surface,
      score: JSON.stringify([[3, 1], [3, 2]]),
      matchStatus: MATCH_STATUS.reported,
      confirmationStatus: CONFIRMATION_STATUS.pending,
      approvalDeadline: new Date(now + 3 * DAY),
      reportedBy: captainId(ai),
      reportedByTeamId: teamIds[ai]!,
      matchType: MATCH_TYPE.challenge,
    });
  }
  await insertInBatches(pendingRows, 1500, async (b) => {
    const ids = await db.insert(matches).values(b).returning({ id: matches.id });
    pendingMatchIds.push(...ids.map((r) => r.id));
  });
  const tokenRows = pendingMatchIds.map((matchId) => {
    const token = crypto.randomBytes(32).toString("base64url");
    confirmTokens.push(token);
    return { purpose: "match_confirmation" as const, tokenHash: hashToken(token), matchId, expiresAt: new Date(now + 30 * DAY) };
  });
  await insertInBatches(tokenRows, 3000, (b) => db.insert(authTokens).values(b));
  // Inactivity counts from each team's last confirmed match (as migration 0008 sets it): teams whose
  // last match is older than the threshold read as inactive, so the ladder reads pay for that rule.
  await db.execute(sql`update teams t set last_active_at = coalesce(
    (select max(m.approved_at) from matches m where (m.team1_id = t.id or m.team2_id = t.id) and m.approved_at is not null), t.created_at)`);
  // The stored ladder ranks (decision 038) are stale now: the app's first read (or its start-up job)
  // refreshes them at its own calendar.
  await db.delete(ladderRanksAsOf);
  await db.execute(sql`analyze`);

  return {
    teamIds,
    captainUsernames: teamIds.map((_, i) => `bcap${i + 1}`),
    password: BENCH_PASSWORD,
    confirmTokens,
    pendingMatchIds,
    matchCount,
  };
}
