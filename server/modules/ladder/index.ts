// The ladder module's public face for other modules: the one ladder order and rank (SQL to put in
// their queries) and the readers of ranks on their own. Everything else here is internal.
export {
  awayUntil,
  isInactive,
  type ActivityAt,
  ladderColumns,
  ladderOrderBy,
  ladderRanks,
  ladderValues,
  onLadder,
  teamColumn,
  type Ladder,
  type RankWithin,
} from "./ladder-order";
export { activityAt, inactivityDays } from "./activity";
export {
  currentLadderRanks,
  ladderRanksMarkedBehind,
  markLadderRanksChanged,
  readCurrentLadderRanks,
  refreshLadderRanks,
  storedLadderSizeOf,
  storedRankOf,
  sweepLadderRanks,
} from "./stored-ranks";
export { LadderRanksRefresher, type RefreshResult } from "./refresher";
export { getLadder, getTeamRank, type LadderRow } from "./ladder.service";
export { loadRatingSettings } from "./rating-settings";
export { setsMargin } from "./rebuild";
export { rebuildRatings, writeRatingStates } from "./rebuild";
