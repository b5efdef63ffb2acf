// What each live message makes stale (features/notifications/api/live-updates.ts), and the backoff.
import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { LIVE_MESSAGE } from "@shared/types/events";
import { userQueryKey } from "@/lib/auth";
import { adminKeys } from "@/features/admin/api/keys";
import { challengeKeys } from "@/features/challenges/api/keys";
import { ladderKeys } from "@/features/ladder/api/keys";
import { matchKeys } from "@/features/matches/api/keys";
import { teamKeys } from "@/features/teams/api/keys";
import { notificationKeys } from "./keys";
import { applyLiveMessage, backoffMs } from "./live-updates";

const KEYS = {
  bell: notificationKeys.summary(),
  incoming: challengeKeys.incoming(1),
  awaiting: challengeKeys.awaitingApproval(),
  ladder: ladderKeys.teams({ page: 1 }),
  history: matchKeys.history({ scope: "mine", page: 1, limit: 20 }),
  team: teamKeys.detail(1),
  admin: adminKeys.pendingDisputes(),
  user: userQueryKey,
};

/** The names of the queries a message leaves stale. */
async function staleAfter(type: string): Promise<string[]> {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of Object.values(KEYS)) qc.setQueryData(key, 1);
  await applyLiveMessage(qc, { type, ...(type.includes(".") ? { id: 1 } : {}) });
  return Object.entries(KEYS)
    .filter(([, key]) => qc.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe("applyLiveMessage", () => {
  it("a challenge notification: the bell and My Challenges", async () => {
    expect(await staleAfter("challenge.received")).toEqual(["awaiting", "bell", "incoming"]);
    // Proposed times: a counter-proposal, a reschedule proposed or accepted refresh the same lists.
    for (const type of ["challenge.countered", "challenge.reschedule_proposed", "challenge.rescheduled"] as const) {
      expect(await staleAfter(type)).toEqual(["awaiting", "bell", "incoming"]);
    }
  });
  it("a result or dispute notification, and the ladder broadcast: everything a result changes", async () => {
    const result = ["admin", "awaiting", "history", "incoming", "ladder", "team"];
    expect(await staleAfter("result.reported")).toEqual(["bell", ...result].sort());
    expect(await staleAfter("dispute.resolved")).toEqual(["bell", ...result].sort());
    expect(await staleAfter(LIVE_MESSAGE.ladderChanged)).toEqual(result);
  });
  it("an account or team notification: the user, teams, ladder and admin lists", async () => {
    expect(await staleAfter("account.approved")).toEqual(["admin", "bell", "ladder", "team", "user"]);
  });
  it("resync: everything; ready: nothing", async () => {
    expect(await staleAfter(LIVE_MESSAGE.resync)).toEqual(Object.keys(KEYS).sort());
    expect(await staleAfter(LIVE_MESSAGE.ready)).toEqual([]);
  });
});

describe("backoffMs", () => {
  it("doubles from 1 s up to 60 s, between half and all of it", () => {
    expect([0, 1, 2, 3, 10].map((a) => backoffMs(a, 1))).toEqual([1_000, 2_000, 4_000, 8_000, 60_000]);
    expect(backoffMs(0, 0)).toBe(500);
    expect(backoffMs(20, 0)).toBe(30_000);
  });
});
