// What waits for the signed-in member (docs/product.md, "Notification centre"): the counts the
// menu shows. Each count comes from the module that owns the rows, with the same rule as its list.
import type { WaitingWork } from "@shared/types/notifications";
import type { TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { countIncomingChallenges } from "../challenges/challenges.service";
import { countAwaitingApproval } from "../matches/matches.service";
import { countPendingUsers } from "../accounts/accounts.service";
import { countPendingDisputes } from "../disputes/disputes.service";

/** GET /api/waiting: the member's team's incoming challenges and results to approve; for admins, registrations and disputes. */
export async function getWaitingWork(deps: TxDeps<"db">, input: { actor: Pick<Actor, "teamId" | "isAdmin"> }): Promise<WaitingWork> {
  const { teamId, isAdmin } = input.actor;
  const [incomingChallenges, resultsToApprove, registrations, disputes] = await Promise.all([
    teamId ? countIncomingChallenges(deps, { teamId }) : 0,
    teamId ? countAwaitingApproval(deps, { teamId }) : 0,
    isAdmin ? countPendingUsers(deps) : null,
    isAdmin ? countPendingDisputes(deps) : null,
  ]);
  return { incomingChallenges, resultsToApprove, registrations, disputes };
}
