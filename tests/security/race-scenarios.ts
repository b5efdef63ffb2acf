// The races of docs/security.md as reusable scenarios over HTTP, so the same code runs against one in-process
// server (tests/security/races.test.ts) and across two server processes (faults.test.ts). Each
// returns what it saw and a violation text (null when the rule held), for the suites to print.
import { asc, inArray } from "drizzle-orm";
import { matches } from "@shared/schema";
import { applyMatch, replay, type RatingState } from "@shared/rating";
import type { Surface } from "@shared/constants";
import type { Db } from "../../server/db/client";
import { matchRow, reportedMatch, teamState } from "../../server/modules/matches/matches.fixtures";
import type { TeamFixture } from "../helpers/factories";
import { call } from "./http";

/** One server instance as seen by team B: its captain and partner signed in, and an anonymous client. */
export interface Side {
  base: string;
  captainCookie: string;
  partnerCookie: string;
}

const SURFACES: Surface[] = ["grass", "beach", "hardcourt"];
const ALREADY_CONFIRMED = "Match Already confirmed";

interface Answer {
  status: number;
  message: string;
}
const answer = async (p: ReturnType<typeof call>): Promise<Answer> => {
  const r = await p;
  return { status: r.status, message: String((r.body as { message?: unknown } | undefined)?.message ?? "") };
};
const same = (x: RatingState, y: RatingState | undefined) => JSON.stringify(x) === JSON.stringify(y);

/**
 * `concurrent` confirmations of one match reported by A against B, at once: a third approve as B's
 * captain, a third approve as B's partner, a third the emailed token; spread over the sides.
 * Rule: exactly one 200, every other answer 409 "Match Already confirmed", ratings moved once.
 */
export async function sameMatchRace(
  db: Db,
  o: { a: TeamFixture; b: TeamFixture; sides: Side[]; concurrent: number; rep: number },
): Promise<{ successes: number; violation: string | null }> {
  const { match, token } = await reportedMatch(db, {
    reporter: { team: o.a.team, captainId: o.a.captain.id },
    opponent: o.b.team,
    winner: o.rep % 2 === 0 ? "reporter" : "opponent",
    surface: SURFACES[o.rep % 3]!,
  });
  const sa = await teamState(db, o.a.team.id);
  const sb = await teamState(db, o.b.team.id);
  const expected = applyMatch(sa, sb, { surface: match.surface, aWon: match.winnerTeamId === o.a.team.id });

  const answers = await Promise.all(
    Array.from({ length: o.concurrent }, (_, i) => {
      const side = o.sides[i % o.sides.length]!;
      const kind = Math.floor(i / o.sides.length) % 3;
      if (kind === 0) return answer(call(side.base, "POST", `/api/matches/${match.id}/approve`, { cookie: side.captainCookie, json: {} }));
      if (kind === 1) return answer(call(side.base, "POST", `/api/matches/${match.id}/approve`, { cookie: side.partnerCookie, json: {} }));
      return answer(call(side.base, "POST", `/api/matches/confirm/${token}`, { json: {} }));
    }),
  );
  const successes = answers.filter((x) => x.status === 200).length;
  const problems: string[] = [];
  if (successes !== 1) problems.push(`${successes} successes`);
  const odd = answers.filter((x) => x.status !== 200 && !(x.status === 409 && x.message === ALREADY_CONFIRMED));
  if (odd.length) problems.push(`unexpected answers: ${odd.map((x) => `${x.status} ${x.message}`).join(" | ")}`);
  if (!same(await teamState(db, o.a.team.id), expected.a)) problems.push("team A ratings differ from one application");
  if (!same(await teamState(db, o.b.team.id), expected.b)) problems.push("team B ratings differ from one application");
  const m = await matchRow(db, match.id);
  if (m.team1PrevRating !== expected.surfaceChange.aPrev || m.team1NewRating !== expected.surfaceChange.aNew)
    problems.push("the match row's stored ratings differ");
  if (m.confirmationStatus !== "confirmed" || m.matchStatus !== "approved") problems.push(`match ended ${m.confirmationStatus}/${m.matchStatus}`);
  return { successes, violation: problems.length ? `rep ${o.rep}: ${problems.join("; ")}` : null };
}

/**
 * Confirm against dispute: a token dispute, an approve, a token confirmation and an in-app dispute at
 * once. Rule: exactly one 200, the others 409, and the match ends confirmed (ratings moved) or
 * disputed (ratings untouched), never both.
 */
export async function confirmVsDispute(
  db: Db,
  o: { a: TeamFixture; b: TeamFixture; side: Side; rep: number },
): Promise<{ endState: "confirmed" | "disputed" | "other"; violation: string | null }> {
  const { match, token } = await reportedMatch(db, { reporter: { team: o.a.team, captainId: o.a.captain.id }, opponent: o.b.team });
  const before = await teamState(db, o.a.team.id);
  const s = o.side;
  const calls = [
    () => call(s.base, "POST", `/api/matches/dispute/${token}`, { json: { reason: "That is not the score we played." } }),
    () => call(s.base, "POST", `/api/matches/${match.id}/approve`, { cookie: s.captainCookie, json: {} }),
    () => call(s.base, "POST", `/api/matches/confirm/${token}`, { json: {} }),
    () => call(s.base, "POST", `/api/matches/${match.id}/dispute`, { cookie: s.partnerCookie, json: { reason: "We dispute this result, sorry." } }),
  ];
  // Each repetition starts the four in another order, so both end states get their turn first.
  const order = calls.map((_, i) => calls[(i + o.rep) % calls.length]!);
  const answers = await Promise.all(order.map((f) => answer(f())));
  const problems: string[] = [];
  const ok = answers.filter((x) => x.status === 200).length;
  if (ok !== 1) problems.push(`${ok} successes`);
  if (answers.some((x) => x.status !== 200 && x.status !== 409)) problems.push("an answer other than 200/409");
  const m = await matchRow(db, match.id);
  const after = await teamState(db, o.a.team.id);
  let endState: "confirmed" | "disputed" | "other" = "other";
  if (m.confirmationStatus === "confirmed" && m.matchStatus === "approved") {
    endState = "confirmed";
    if (same(after, before)) problems.push("confirmed but ratings did not move");
  } else if (m.confirmationStatus === "disputed" && m.matchStatus === "reported") {
    endState = "disputed";
    if (!same(after, before)) problems.push("disputed but ratings moved");
  } else problems.push(`ended ${m.confirmationStatus}/${m.matchStatus}`);
  const detail = answers.map((x) => `${x.status} ${x.message}`).join(" | ");
  return { endState, violation: problems.length ? `${problems.join("; ")} (${detail})` : null };
}

/**
 * Many matches of one team confirmed at once (by token, spread over the sides). Rule: every
 * confirmation succeeds and every team's ratings equal a replay of the confirmed history in
 * approval order (no lost update).
 */
export async function sharedTeamRace(
  db: Db,
  o: { hub: TeamFixture; others: TeamFixture[]; perOpponent: number; bases: string[] },
): Promise<{ matches: number; confirmed: number; mismatches: string[] }> {
  const reported: Awaited<ReturnType<typeof reportedMatch>>[] = [];
  for (const [i, other] of o.others.entries()) {
    for (let k = 0; k < o.perOpponent; k++) {
      reported.push(
        await reportedMatch(db, {
          reporter: { team: o.hub.team, captainId: o.hub.captain.id },
          opponent: other.team,
          winner: (i + k) % 2 === 0 ? "reporter" : "opponent",
          surface: SURFACES[(i + k) % 3]!,
        }),
      );
    }
  }
  const answers = await Promise.all(
    reported.map((r, i) => answer(call(o.bases[i % o.bases.length]!, "POST", `/api/matches/confirm/${r.token}`, { json: {} }))),
  );
  const confirmed = answers.filter((x) => x.status === 200).length;
  const ids = [o.hub.team.id, ...o.others.map((x) => x.team.id)];
  const history = await db
    .select({ team1Id: matches.team1Id, team2Id: matches.team2Id, winnerTeamId: matches.winnerTeamId, surface: matches.surface })
    .from(matches)
    .where(inArray(matches.id, reported.map((r) => r.match.id)))
    .orderBy(asc(matches.approvedAt), asc(matches.id));
  const replayed = replay(ids, history);
  const mismatches: string[] = [];
  for (const id of ids) {
    const actual = await teamState(db, id);
    if (!same(actual, replayed.get(id))) mismatches.push(`team ${id}: ${JSON.stringify(actual)} ≠ replay ${JSON.stringify(replayed.get(id))}`);
  }
  return { matches: reported.length, confirmed, mismatches };
}
