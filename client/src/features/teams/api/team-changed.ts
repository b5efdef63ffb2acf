// The one invalidation for "a team changed": its profile saved by the captain, or deleted/restored
// by an admin. Names, avatars and membership show on the profile, the ladder, challenge lists and
// the admin panel.
import type { QueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/features/admin/api/keys";
import { challengeKeys } from "@/features/challenges/api/keys";
import { ladderKeys } from "@/features/ladder/api/keys";
import { teamKeys } from "./keys";

const affectedByTeam = [teamKeys.all, ladderKeys.all, challengeKeys.all, adminKeys.all];

export async function invalidateAfterTeamChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(affectedByTeam.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
