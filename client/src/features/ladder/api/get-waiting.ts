// What waits for the user on the home page: GET /api/challenges/incoming and
// GET /api/matches/awaiting-approval (owned by the challenges and matches features). Read
// defensively: the home page only needs a count and the other team's name.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface WaitingItem {
  id: number;
  label: string;
  status: string | null;
}

type Loose = Record<string, unknown>;

function listOf(body: unknown): Loose[] {
  if (Array.isArray(body)) return body as Loose[];
  if (body && typeof body === "object" && Array.isArray((body as { items?: unknown }).items)) {
    return (body as { items: Loose[] }).items;
  }
  return [];
}

const teamIn = (value: unknown): { id: number; name: string } | null =>
  value && typeof value === "object" && typeof (value as { name?: unknown }).name === "string"
    ? { id: Number((value as { id?: unknown }).id), name: (value as { name: string }).name }
    : null;

/** The other team's name: `opponent`, else whichever of team1/team2 is not the user's team. */
function toItem(row: Loose, ownTeamId: number | null): WaitingItem {
  const candidates = ["opponent", "challengerTeam", "team1", "team2"].map((k) => teamIn(row[k])).filter(Boolean);
  const other = candidates.find((t) => t!.id !== ownTeamId) ?? null;
  const status = typeof row.status === "string" ? row.status : null;
  return { id: Number(row.id), label: other?.name ?? "Another team", status };
}

/** Incoming challenges still to answer or to play (pending, accepted). */
export const incomingChallengesQueryOptions = (ownTeamId: number | null) =>
  queryOptions({
    queryKey: ["challenges", "incoming", "home-summary", ownTeamId],
    queryFn: async () =>
      listOf(await api.get<unknown>("/api/challenges/incoming"))
        .map((r) => toItem(r, ownTeamId))
        .filter((i) => i.status === null || i.status === "pending" || i.status === "accepted"),
  });

export const awaitingApprovalQueryOptions = (ownTeamId: number | null) =>
  queryOptions({
    queryKey: ["matches", "awaiting-approval", "home-summary", ownTeamId],
    queryFn: async () => listOf(await api.get<unknown>("/api/matches/awaiting-approval")).map((r) => toItem(r, ownTeamId)),
  });

export function useIncomingChallenges(ownTeamId: number | null) {
  return useQuery({ ...incomingChallengesQueryOptions(ownTeamId), enabled: ownTeamId !== null });
}

export function useAwaitingApproval(ownTeamId: number | null) {
  return useQuery({ ...awaitingApprovalQueryOptions(ownTeamId), enabled: ownTeamId !== null });
}
