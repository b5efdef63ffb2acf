// The seasons module's public face for other modules: the season going on (wildcards count per
// season) and the jobs runner's sweep. Everything else here is internal.
export { findCurrentSeason, sweepSeasons } from "./seasons.service";
export { useWildcard, wildcardsOf } from "./wildcards";
