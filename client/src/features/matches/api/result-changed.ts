// The one invalidation for "a result changed": reported, approved, disputed (in the app or by an
// emailed link), confirmed, or resolved by an admin. A result moves ratings, ranks, records, the
// challenge it settles and the admin panel's lists, so every feature that shows one is refreshed.
import type { QueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/features/admin/api/keys";
import { challengeKeys } from "@/features/challenges/api/keys";
import { ladderKeys } from "@/features/ladder/api/keys";
import { teamKeys } from "@/features/teams/api/keys";
import { matchKeys } from "./keys";

const affectedByResult = [matchKeys.all, challengeKeys.all, teamKeys.all, ladderKeys.all, adminKeys.all];

export async function invalidateAfterResult(queryClient: QueryClient): Promise<void> {
  await Promise.all(affectedByResult.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
