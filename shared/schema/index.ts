// The whole data model (the words of docs/product.md, "Words used here"; the tables in docs/architecture.md).
// Pure (no I/O): both the server and drizzle-kit import it.
import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  json,
  primaryKey,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import {
  ACTIVE_CHALLENGE_STATUSES,
  AWAY_MAX_DAYS,
  CHALLENGE_STATUS,
  CHALLENGE_STATUSES,
  CONFIRMATION_STATUS,
  CONFIRMATION_STATUSES,
  DEFAULT_LOCATION,
  DEFAULT_RATING,
  DISPUTE_OUTCOMES,
  EMAIL_CATEGORIES,
  DISPUTE_STATUS,
  DISPUTE_STATUSES,
  MATCH_STATUS,
  MATCH_STATUSES,
  MATCH_TYPE,
  MATCH_TYPES,
  MAIL_STATUS,
  MAIL_STATUSES,
  SLOT_STATUS,
  SLOT_STATUSES,
  DUE_MAIL_STATUSES,
  type MailStatus,
  type ChallengeStatus,
  type SlotStatus,
  type CompetitionType,
  type ConfirmationStatus,
  type DisputeOutcome,
  type DisputeStatus,
  type MatchStatus,
  type MatchType,
  type PreferredSurface,
  type Surface,
  type TokenPurpose,
} from "../constants";
import { EMPTY_AVAILABILITY, type Availability } from "../availability";

/** Millisecond precision so JSON backups round-trip timestamps exactly. */
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });
/**
 * Constant values written into SQL as quoted literals (`'a', 'b'`). For statuses in raw SQL, so that
 * a predicate reads like a partial index's own (`status in (…)` below) and the planner can use that
 * index also for a prepared statement's generic plan. Never for user input.
 */
export const sqlLiterals = (values: readonly string[]): SQL => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "));
const inList = (col: string, values: readonly string[]) => sql`${sql.raw(col)} in (${sqlLiterals(values)})`;

// A player's usual week (docs/product.md, "Weekly availability"): days × morning/afternoon/evening.
export { EMPTY_AVAILABILITY, type Availability } from "../availability";

export const teams = pgTable(
  "teams",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    isApproved: boolean("is_approved").notNull().default(false),
    rating: integer("rating").notNull().default(DEFAULT_RATING),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    grassRating: integer("grass_rating").notNull().default(DEFAULT_RATING),
    beachRating: integer("beach_rating").notNull().default(DEFAULT_RATING),
    hardcourtRating: integer("hardcourt_rating").notNull().default(DEFAULT_RATING),
    grassWins: integer("grass_wins").notNull().default(0),
    grassLosses: integer("grass_losses").notNull().default(0),
    beachWins: integer("beach_wins").notNull().default(0),
    beachLosses: integer("beach_losses").notNull().default(0),
    hardcourtWins: integer("hardcourt_wins").notNull().default(0),
    hardcourtLosses: integer("hardcourt_losses").notNull().default(0),
    avatar: text("avatar"),
    bio: text("bio"),
    location: text("location"),
    preferredCourtSurface: text("preferred_court_surface").$type<PreferredSurface>().notNull().default("grass"),
    competitionType: text("competition_type").$type<CompetitionType>().notNull().default("Men's Doubles"),
    deletedAt: ts("deleted_at"),
    deletionReason: text("deletion_reason"),
    /**
     * Where the team's inactivity is counted from (docs/product.md, "Activity"): when its last
     * confirmed match was confirmed, else when it was approved, else when it was created.
     */
    lastActiveAt: ts("last_active_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("teams_preferred_surface_check", inList("preferred_court_surface", ["grass", "beach", "hardcourt", "clay"])),
    check("teams_competition_type_check", inList("competition_type", ["Men's Doubles", "Women's Doubles", "Mixed Doubles"])),
    // Ladder read paths: one surface's table within a category, ordered by rating.
    index("teams_ladder_grass_idx").on(t.competitionType, t.grassRating.desc().nullsFirst()),
    index("teams_ladder_beach_idx").on(t.competitionType, t.beachRating.desc().nullsFirst()),
    index("teams_ladder_hardcourt_idx").on(t.competitionType, t.hardcourtRating.desc().nullsFirst()),
    index("teams_overall_idx").on(t.rating.desc().nullsFirst()),
  ],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    // A partner created at registration has no login until they accept the invitation.
    username: varchar("username", { length: 50 }),
    password: text("password"),
    name: varchar("name", { length: 100 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    avatar: text("avatar"),
    phone: text("phone"),
    location: text("location"),
    bio: text("bio"),
    joinedAt: ts("joined_at").notNull().defaultNow(),
    isAdmin: boolean("is_admin").notNull().default(false),
    isApproved: boolean("is_approved").notNull().default(false),
    isSuspended: boolean("is_suspended").notNull().default(false),
    suspensionReason: text("suspension_reason"),
    isEmailVerified: boolean("is_email_verified").notNull().default(false),
    teamId: integer("team_id").references(() => teams.id, { onDelete: "set null" }),
    isPartner: boolean("is_partner").notNull().default(false),
    isCaptain: boolean("is_captain").notNull().default(false),
    dominantHand: text("dominant_hand"),
    playingStyle: text("playing_style"),
    yearsPlaying: integer("years_playing"),
    preferredSurface: text("preferred_surface"),
    availability: jsonb("availability").$type<Availability>().notNull().default(EMPTY_AVAILABILITY),
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    rejectionReason: text("rejection_reason"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_lower_uq").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    index("users_team_idx").on(t.teamId),
    index("users_pending_idx").on(t.isApproved, t.joinedAt),
  ],
);

export const systemSettings = pgTable(
  "system_settings",
  {
    id: serial("id").primaryKey(),
    setting: varchar("setting", { length: 100 }).notNull().unique(),
    value: text("value"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    updatedBy: integer("updated_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  },
  (t) => [index("system_settings_updated_by_idx").on(t.updatedBy)],
);

/**
 * A team's away ranges (docs/product.md, "Away"): whole club days, first and last day included, at
 * most AWAY_MAX_DAYS long. A team cannot be challenged on them, and they do not count towards its
 * inactivity. A team's ranges never overlap (the service checks under the team's row lock).
 */
export const teamAway = pgTable(
  "team_away",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    firstDay: date("first_day", { mode: "string" }).notNull(),
    lastDay: date("last_day", { mode: "string" }).notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("team_away_range_check", sql`${t.lastDay} >= ${t.firstDay} and ${t.lastDay} - ${t.firstDay} < ${sql.raw(String(AWAY_MAX_DAYS))}`),
    index("team_away_team_last_day_idx").on(t.teamId, t.lastDay),
    index("team_away_created_by_idx").on(t.createdBy),
  ],
);

/**
 * Club breaks (docs/product.md, "Club breaks"): no new challenges from `starts_at` to `ends_at`, and
 * every running clock pauses for the overlap. Breaks never overlap (the service checks under a lock).
 */
export const clubBreaks = pgTable(
  "club_breaks",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    createdBy: integer("created_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("club_breaks_range_check", sql`${t.endsAt} > ${t.startsAt}`),
    index("club_breaks_ends_idx").on(t.endsAt),
    index("club_breaks_created_by_idx").on(t.createdBy),
  ],
);

/**
 * The stored ladder ranks (decision 038): every team on each ladder (overall, grass, beach,
 * hardcourt) with its place over the club and within its category, as the one definition in
 * server/modules/ladder/ladder-order.ts computes them. Derived data: written only by
 * `refreshLadderRanks()` inside every transaction that changes an input (ratings, approval,
 * deletion, activity, away ranges, club breaks, the club rules), never in a backup. `position` is
 * the listing order (active teams, then inactive ones), dense from 1, so a page is a range of it;
 * `rank` is the position of an active team, null for an inactive one.
 */
export const ladderRankRows = pgTable(
  "ladder_ranks",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    ladder: text("ladder").$type<Surface | "overall">().notNull(),
    competitionType: text("competition_type").$type<CompetitionType>().notNull(),
    inactive: boolean("inactive").notNull(),
    clubPosition: integer("club_position").notNull(),
    clubRank: integer("club_rank"),
    categoryPosition: integer("category_position").notNull(),
    categoryRank: integer("category_rank"),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.ladder] }),
    check("ladder_ranks_ladder_check", inList("ladder", ["grass", "beach", "hardcourt", "overall"])),
    index("ladder_ranks_club_idx").on(t.ladder, t.clubPosition),
    index("ladder_ranks_category_idx").on(t.ladder, t.competitionType, t.categoryPosition),
    index("ladder_ranks_category_rank_idx").on(t.ladder, t.competitionType, t.categoryRank),
  ],
);

/**
 * The calendar the stored ranks were computed at (one row, decision 038): the club day, the
 * inactivity threshold's default and the club's zone. A reader whose calendar differs (a new club
 * day, a restart with other settings) refreshes the ranks before reading them.
 */
export const ladderRanksAsOf = pgTable(
  "ladder_ranks_as_of",
  {
    id: integer("id").primaryKey().default(1),
    clubDay: date("club_day", { mode: "string" }).notNull(),
    inactivityDays: integer("inactivity_days").notNull(),
    timeZone: text("time_zone").notNull(),
    refreshedAt: ts("refreshed_at").notNull().defaultNow(),
  },
  (t) => [check("ladder_ranks_as_of_one_row", sql`${t.id} = 1`)],
);

/**
 * Marks left by the writers of ladder inputs (decision 039): "the stored ranks of these ladders are
 * behind" (`ladders` null: every ladder). Writers only insert, in the transaction of their change,
 * so they never wait on each other; the refresh (stored-ranks.ts) deletes the marks its snapshot
 * sees in the statement that renumbers the ladders. `marked_by`: the member whose action it was
 * (null: a job, a sweep); that member's reads wait for the refresh, other readers of the ladder
 * answer what is stored and start it (decision 045).
 */
export const ladderRankChanges = pgTable("ladder_rank_changes", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  ladders: text("ladders").array().$type<(Surface | "overall")[]>(),
  markedBy: integer("marked_by"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/**
 * Seasons (docs/product.md, "Seasons"): named runs of whole club days, first and last day included.
 * They never overlap (the service checks under a table lock). The current season is the one not yet
 * closed whose days contain today. `started_at` is set once, when its start (the carry-over) was
 * applied; `closed_at` once, when its final standings were frozen into season_standings.
 */
export const seasons = pgTable(
  "seasons",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 60 }).notNull(),
    firstDay: date("first_day", { mode: "string" }).notNull(),
    lastDay: date("last_day", { mode: "string" }).notNull(),
    /** How far every rating is pulled toward the starting rating when the season starts (0–50 %). */
    carryOverPercent: integer("carry_over_percent").notNull().default(0),
    startedAt: ts("started_at"),
    closedAt: ts("closed_at"),
    /** The admin who closed it; null when the jobs runner closed it at its end. */
    closedBy: integer("closed_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("seasons_range_check", sql`${t.lastDay} >= ${t.firstDay}`),
    check("seasons_carry_over_check", sql`${t.carryOverPercent} between 0 and 50`),
    index("seasons_last_day_idx").on(t.lastDay),
    index("seasons_closed_by_idx").on(t.closedBy),
    index("seasons_created_by_idx").on(t.createdBy),
  ],
);

/**
 * A closed season's frozen standings (docs/product.md, "Season archives"): one row per team and
 * place on each ladder (grass, beach, hardcourt, overall), ranked over the club (`scope` 'all') and
 * within each category (`scope` = the category). Values, not references: the team's name, category,
 * rating and W-L as they were; `team_id` is a plain number (no foreign key), so nothing done to a
 * team later changes or removes a row.
 */
export const seasonStandings = pgTable(
  "season_standings",
  {
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    ladder: text("ladder").$type<Surface | "overall">().notNull(),
    scope: text("scope").$type<CompetitionType | "all">().notNull(),
    position: integer("position").notNull(),
    /** Null for a team that was inactive at the close (listed after the ranked ones). */
    rank: integer("rank"),
    teamId: integer("team_id"),
    teamName: varchar("team_name", { length: 100 }).notNull(),
    competitionType: text("competition_type").$type<CompetitionType>().notNull(),
    rating: integer("rating").notNull(),
    wins: integer("wins").notNull(),
    losses: integer("losses").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.ladder, t.scope, t.position] }),
    check("season_standings_ladder_check", inList("ladder", ["grass", "beach", "hardcourt", "overall"])),
    check("season_standings_scope_check", inList("scope", ["all", "Men's Doubles", "Women's Doubles", "Mixed Doubles"])),
  ],
);

/**
 * The carry-over rating event (docs/product.md, "Carry-over"): applied once when a season starts,
 * pulling every rating toward the starting rating by `percent`. A replay of history
 * (server/modules/ladder/rebuild.ts) applies it at `applied_at`, between the matches approved
 * before and after it. Kept when its season goes (no cascade): history must stay replayable.
 */
export const seasonCarryOvers = pgTable(
  "season_carry_overs",
  {
    id: serial("id").primaryKey(),
    seasonId: integer("season_id").references(() => seasons.id, { onDelete: "set null" }),
    percent: integer("percent").notNull(),
    appliedAt: ts("applied_at").notNull(),
  },
  (t) => [
    check("season_carry_overs_percent_check", sql`${t.percent} between 0 and 50`),
    uniqueIndex("season_carry_overs_season_uq").on(t.seasonId),
    index("season_carry_overs_applied_idx").on(t.appliedAt, t.id),
  ],
);

/**
 * Wildcards (docs/product.md, "Wildcards"): a challenge a team in its first season sent beyond the
 * reach limit. At most WILDCARDS_PER_SEASON per team and season (checked under the team's lock).
 */
export const seasonWildcards = pgTable(
  "season_wildcards",
  {
    id: serial("id").primaryKey(),
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    challengeId: integer("challenge_id").references((): AnyPgColumn => challenges.id, { onDelete: "set null" }),
    usedAt: ts("used_at").notNull().defaultNow(),
  },
  (t) => [
    index("season_wildcards_season_team_idx").on(t.seasonId, t.teamId),
    index("season_wildcards_team_idx").on(t.teamId),
    index("season_wildcards_challenge_idx").on(t.challengeId),
  ],
);

export const challenges = pgTable(
  "challenges",
  {
    id: serial("id").primaryKey(),
    challengerTeamId: integer("challenger_team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    challengedTeamId: integer("challenged_team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<ChallengeStatus>().notNull().default(CHALLENGE_STATUS.pending),
    location: text("location").notNull().default(DEFAULT_LOCATION),
    surface: text("surface").$type<Surface>().notNull().default("grass"),
    competitionType: text("competition_type").$type<CompetitionType>().notNull().default("Men's Doubles"),
    notes: text("notes"),
    /** The challenged captain's note with the answer: the contact when accepting, the reason when declining. */
    responseNote: text("response_note"),
    proposedDateTime: ts("proposed_date_time"),
    /** When the challenged captain accepted (the calendar feed shows challenges that were accepted). */
    acceptedAt: ts("accepted_at"),
    /**
     * Raised by every change of the agreed time (a reschedule): the calendar event's SEQUENCE
     * (docs/decisions/029-calendar-feeds-and-availability.md).
     */
    scheduleVersion: integer("schedule_version").notNull().default(0),
    // The challenge clock (docs/product.md, "The challenge clock"): the answer window and the play-by
    // date, when each one's reminder is due, and when it went out (never twice).
    acceptBy: ts("accept_by"),
    playBy: ts("play_by"),
    /** When the challenged captain accepted or declined (the team's response record). */
    answeredAt: ts("answered_at"),
    answerRemindAt: ts("answer_remind_at"),
    answerRemindedAt: ts("answer_reminded_at"),
    resultRemindAt: ts("result_remind_at"),
    resultRemindedAt: ts("result_reminded_at"),
    /**
     * The team whose answer the open proposal waits for (docs/product.md, "Proposed times"): the
     * challenged team when sent, the other side after each counter-proposal, the other captain's
     * team while a reschedule is proposed; null when nothing waits.
     */
    awaitingTeamId: integer("awaiting_team_id").references((): AnyPgColumn => teams.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("challenges_awaiting_team_idx").on(t.awaitingTeamId),
    check("challenges_status_check", inList("status", CHALLENGE_STATUSES)),
    check("challenges_surface_check", inList("surface", ["grass", "beach", "hardcourt"])),
    check("challenges_distinct_teams_check", sql`${t.challengerTeamId} <> ${t.challengedTeamId}`),
    index("challenges_challenger_status_idx").on(t.challengerTeamId, t.status, t.createdAt.desc().nullsFirst()),
    index("challenges_challenged_status_idx").on(t.challengedTeamId, t.status, t.createdAt.desc().nullsFirst()),
    index("challenges_created_by_idx").on(t.createdBy),
    // One pending or accepted challenge per pair of teams, in either direction, enforced by the database.
    uniqueIndex("challenges_active_pair_uq")
      .on(
        sql`least(${t.challengerTeamId}, ${t.challengedTeamId})`,
        sql`greatest(${t.challengerTeamId}, ${t.challengedTeamId})`,
      )
      .where(inList("status", ACTIVE_CHALLENGE_STATUSES)),
    // The clock's sweep reads running clocks only: pending by accept_by, accepted by play_by.
    index("challenges_pending_accept_by_idx").on(t.acceptBy).where(inList("status", [CHALLENGE_STATUS.pending])),
    index("challenges_accepted_play_by_idx").on(t.playBy).where(inList("status", [CHALLENGE_STATUS.accepted])),
  ],
);

/**
 * The times a challenge proposes (docs/decisions/030-proposed-slots-and-reschedule.md): 1 to 3 a
 * round; round 1 is the challenge's own, each counter-proposal or reschedule proposal the next round,
 * proposed by one team. Only the latest round's slots may be open.
 */
export const challengeSlots = pgTable(
  "challenge_slots",
  {
    id: serial("id").primaryKey(),
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    startsAt: ts("starts_at").notNull(),
    location: text("location").notNull(),
    proposedByTeamId: integer("proposed_by_team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    status: text("status").$type<SlotStatus>().notNull().default(SLOT_STATUS.open),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("challenge_slots_status_check", inList("status", SLOT_STATUSES)),
    uniqueIndex("challenge_slots_round_time_uq").on(t.challengeId, t.round, t.startsAt),
    index("challenge_slots_proposed_by_idx").on(t.proposedByTeamId),
  ],
);

/** Each player's "can play / can't" on a proposed slot (docs/product.md, "Proposed times"). */
export const challengeSlotAnswers = pgTable(
  "challenge_slot_answers",
  {
    slotId: integer("slot_id")
      .notNull()
      .references(() => challengeSlots.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    canPlay: boolean("can_play").notNull(),
    answeredAt: ts("answered_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.userId] }), index("challenge_slot_answers_user_idx").on(t.userId)],
);

export const matches = pgTable(
  "matches",
  {
    id: serial("id").primaryKey(),
    team1Id: integer("team1_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    team2Id: integer("team2_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    winnerTeamId: integer("winner_team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    player1Id: integer("player1_id").references(() => users.id, { onDelete: "set null" }),
    player2Id: integer("player2_id").references(() => users.id, { onDelete: "set null" }),
    winnerId: integer("winner_id").references(() => users.id, { onDelete: "set null" }),
    challengeId: integer("challenge_id").references(() => challenges.id, { onDelete: "set null" }),
    matchDate: ts("match_date").notNull().defaultNow(),
    location: text("location").notNull().default(DEFAULT_LOCATION),
    surface: text("surface").$type<Surface>().notNull().default("grass"),
    /** JSON text: a list of [team1, team2] set scores. */
    score: text("score"),
    notes: text("notes"),
    // Surface ratings before and after, for both teams (docs/product.md, "What a match stores").
    team1PrevRating: integer("team1_prev_rating"),
    team1NewRating: integer("team1_new_rating"),
    team2PrevRating: integer("team2_prev_rating"),
    team2NewRating: integer("team2_new_rating"),
    // Overall ratings before and after. The player* rating fields carry the overall rating.
    player1PrevRating: integer("player1_prev_rating"),
    player1NewRating: integer("player1_new_rating"),
    player2PrevRating: integer("player2_prev_rating"),
    player2NewRating: integer("player2_new_rating"),
    matchStatus: text("match_status").$type<MatchStatus>().notNull().default(MATCH_STATUS.reported),
    approvalDeadline: ts("approval_deadline"),
    /** When the approval reminder went out (24 h before the deadline; never twice). */
    approvalRemindedAt: ts("approval_reminded_at"),
    approvedBy: integer("approved_by").references(() => users.id, { onDelete: "set null" }),
    approvedAt: ts("approved_at"),
    confirmationStatus: text("confirmation_status").$type<ConfirmationStatus>().notNull().default(CONFIRMATION_STATUS.pending),
    reportedBy: integer("reported_by").references(() => users.id, { onDelete: "set null" }),
    reportedByTeamId: integer("reported_by_team_id").references(() => teams.id, { onDelete: "set null" }),
    matchType: text("match_type").$type<MatchType>().notNull().default(MATCH_TYPE.challenge),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("matches_status_check", inList("match_status", MATCH_STATUSES)),
    check("matches_confirmation_check", inList("confirmation_status", CONFIRMATION_STATUSES)),
    check("matches_type_check", inList("match_type", MATCH_TYPES)),
    check("matches_surface_check", inList("surface", ["grass", "beach", "hardcourt"])),
    check("matches_distinct_teams_check", sql`${t.team1Id} <> ${t.team2Id}`),
    check("matches_winner_check", sql`${t.winnerTeamId} in (${t.team1Id}, ${t.team2Id})`),
    // DESC NULLS FIRST is what `order by x desc` means: only then can these indexes serve the newest-
    // first pages (with NULLS LAST the planner sorts the whole table instead).
    index("matches_team1_date_idx").on(t.team1Id, t.matchDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("matches_team2_date_idx").on(t.team2Id, t.matchDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("matches_date_idx").on(t.matchDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("matches_challenge_idx").on(t.challengeId),
    // Every other reference is indexed too, so deleting a user or team never scans all matches
    // (tests/schema/foreign-key-indexes.test.ts).
    index("matches_winner_team_idx").on(t.winnerTeamId),
    index("matches_player1_idx").on(t.player1Id),
    index("matches_player2_idx").on(t.player2Id),
    index("matches_winner_idx").on(t.winnerId),
    index("matches_approved_by_idx").on(t.approvedBy),
    index("matches_reported_by_idx").on(t.reportedBy),
    index("matches_reported_by_team_idx").on(t.reportedByTeamId),
    // The approval sweep and the awaiting-approval lists read pending matches only.
    index("matches_pending_deadline_idx").on(t.approvalDeadline).where(sql`confirmation_status = ${sqlLiterals([CONFIRMATION_STATUS.pending])}`),
    // One team's pending matches (the awaiting-approval page and its count): a few rows per team,
    // found by team instead of walking every pending match of the club in deadline order.
    index("matches_team1_pending_idx").on(t.team1Id, t.approvalDeadline).where(sql`confirmation_status = ${sqlLiterals([CONFIRMATION_STATUS.pending])}`),
    index("matches_team2_pending_idx").on(t.team2Id, t.approvalDeadline).where(sql`confirmation_status = ${sqlLiterals([CONFIRMATION_STATUS.pending])}`),
    // Replay reads approved matches in the order they were applied.
    index("matches_approved_order_idx").on(t.approvedAt, t.id).where(sql`match_status = ${sqlLiterals([MATCH_STATUS.approved])}`),
  ],
);

export const disputes = pgTable(
  "disputes",
  {
    id: serial("id").primaryKey(),
    matchId: integer("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reporterTeamId: integer("reporter_team_id").references(() => teams.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    status: text("status").$type<DisputeStatus>().notNull().default(DISPUTE_STATUS.pending),
    outcome: text("outcome").$type<DisputeOutcome>(),
    resolutionNotes: text("resolution_notes"),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: ts("resolved_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("disputes_status_check", inList("status", DISPUTE_STATUSES)),
    check("disputes_outcome_check", sql`outcome is null or ${inList("outcome", DISPUTE_OUTCOMES)}`),
    uniqueIndex("disputes_match_uq").on(t.matchId),
    index("disputes_status_idx").on(t.status, t.createdAt),
    index("disputes_reporter_idx").on(t.reporterId),
    index("disputes_reporter_team_idx").on(t.reporterTeamId),
    index("disputes_resolved_by_idx").on(t.resolvedBy),
  ],
);

/**
 * Every emailed secret (verification, reset, invitation, match confirmation): only the SHA-256 of
 * the token is stored, with its purpose, expiry and the moment it was used.
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    purpose: text("purpose").$type<TokenPurpose>().notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    matchId: integer("match_id").references(() => matches.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "auth_tokens_purpose_check",
      inList("purpose", ["email_verification", "password_reset", "partner_invite", "match_confirmation"]),
    ),
    uniqueIndex("auth_tokens_hash_uq").on(t.tokenHash),
    index("auth_tokens_user_purpose_idx").on(t.userId, t.purpose),
    index("auth_tokens_match_idx").on(t.matchId),
  ],
);

/**
 * A member's second factor (TOTP, RFC 6238): the active secret once enrolment was confirmed with a
 * code, a pending secret while enrolling, and the last time step used (a code works once). Live
 * secrets, so never part of a backup. docs/decisions/014-accounts-admins-second-factor.md.
 */
export const userMfa = pgTable("user_mfa", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret"),
  enabledAt: ts("enabled_at"),
  pendingSecret: text("pending_secret"),
  pendingCreatedAt: ts("pending_created_at"),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** One-time recovery codes of a second factor: only the SHA-256 of each (they are random, 50 bits). */
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mfa_recovery_codes_hash_uq").on(t.userId, t.codeHash)],
);

/**
 * A member's calendar feed (GET /api/calendar/{token}.ics): only the SHA-256 of the token is
 * stored, with the random nonce the server derives the token from (an HMAC under SESSION_SECRET),
 * so the profile can show the link again. Resetting replaces the row. Never part of a backup.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    nonce: varchar("nonce", { length: 64 }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_hash_uq").on(t.tokenHash)],
);

/** express-session rows (connect-pg-simple's layout), on both databases. */
export const sessions = pgTable(
  "session",
  {
    sid: varchar("sid").primaryKey(),
    sess: json("sess").notNull(),
    expire: timestamp("expire", { precision: 6, mode: "date" }).notNull(),
  },
  (t) => [
    index("IDX_session_expire").on(t.expire),
    // Ending every session of one user (suspension, reset, team deletion) is one indexed delete.
    index("session_user_idx").on(sql`((${t.sess} -> 'passport' ->> 'user'))`),
  ],
);

/** Fixed-window counters for the auth rate limits, shared by every server instance. */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 300 }).primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: ts("reset_at").notNull(),
});

/**
 * One row per scheduled-backup period (e.g. the UTC day), claimed by the instance that writes that
 * period's backup: the primary key makes the claim once across every instance.
 */
export const backupRuns = pgTable("backup_runs", {
  period: varchar("period", { length: 40 }).primaryKey(),
  claimedAt: ts("claimed_at").notNull().defaultNow(),
  finishedAt: ts("finished_at"),
  file: text("file"),
  bytes: bigint("bytes", { mode: "number" }),
});

/**
 * Long admin data operations (restore, reset) and their progress, polled by the admin panel. At
 * most one runs at a time (the partial unique index); a row whose heartbeat stopped (the process
 * died) is marked failed by the next one. docs/decisions/012-backups-restore-and-schedule.md.
 */
export const dataOperations = pgTable(
  "data_operations",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<"restore" | "reset">().notNull(),
    status: text("status").$type<"running" | "done" | "failed">().notNull().default("running"),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    phase: text("phase"),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    message: text("message"),
    startedAt: ts("started_at").notNull().defaultNow(),
    heartbeatAt: ts("heartbeat_at").notNull().defaultNow(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    check("data_operations_kind_check", inList("kind", ["restore", "reset"])),
    check("data_operations_status_check", inList("status", ["running", "done", "failed"])),
    uniqueIndex("data_operations_one_running_uq").on(sql`(true)`).where(sql`status = 'running'`),
    index("data_operations_actor_idx").on(t.actorId),
  ],
);

/**
 * The transactional outbox (docs/decisions/024-outbox-and-notifications.md): one row per mail to one
 * address, written in the transaction of the change that causes it and delivered by the worker
 * (server/mail/delivery.ts). `queued` → `sending` (claimed: `next_attempt_at` is the claim's
 * expiry) → `sent`, or back to `queued` with a later `next_attempt_at` after a failure, `failed`
 * after the last retry. `message_key` makes the Message-ID, the same on every attempt. A sent mail
 * keeps no body (it may hold a live link).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    messageKey: text("message_key").notNull().default(sql`gen_random_uuid()::text`),
    event: text("event").notNull(),
    recipient: text("recipient").notNull(),
    /**
     * The member an optional mail (a category they may turn off) is for: the worker signs their
     * one-click unsubscribe link from it when it sends (server/mail/unsubscribe.ts). Null for
     * account mail, which is always sent and carries no such link.
     */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    body: text("body"),
    html: text("html"),
    status: text("status").$type<MailStatus>().notNull().default(MAIL_STATUS.queued),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    sentAt: ts("sent_at"),
  },
  (t) => [
    check("mail_outbox_status_check", inList("status", MAIL_STATUSES)),
    uniqueIndex("mail_outbox_message_key_uq").on(t.messageKey),
    // The worker's claim: the due mails, oldest first.
    index("mail_outbox_due_idx").on(t.nextAttemptAt, t.id).where(inList("status", DUE_MAIL_STATUSES)),
    index("mail_outbox_status_idx").on(t.status, t.id),
    // The Mail delivery card's "sent in the last days" (MAIL_SENT_WINDOW_DAYS): a range of this index.
    index("mail_outbox_sent_at_idx").on(t.sentAt).where(inList("status", [MAIL_STATUS.sent])),
    index("mail_outbox_user_idx").on(t.userId),
  ],
);

/** What a member is told in the app: one row per affected user, written with the change. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    text: text("text").notNull(),
    link: text("link").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    readAt: ts("read_at"),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_unread_idx").on(t.userId).where(sql`read_at is null`),
    index("notifications_created_idx").on(t.createdAt),
  ],
);

/**
 * Mail categories a member has turned off (docs/product.md, "Notification emails"): one row per
 * (member, category); no row means the mail is sent. Account mail has no category here.
 */
export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] }), check("email_opt_outs_category_check", inList("category", EMAIL_CATEGORIES))],
);

/**
 * A browser that turned "Push on this device" on (docs/product.md, "Push notifications"): the push
 * service's endpoint the browser chose and the keys its messages are encrypted to. Device-bound
 * secrets: not in backups; removed with the member, on "off", and when the push service answers
 * 404/410 (docs/decisions/035-web-push.md).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    /** When a push last reached the push service (written at most once a day per device). */
    lastSuccessAt: ts("last_success_at"),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_uq").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * The push queue: one row per (notification, subscribed device), written with the notification in
 * the change's transaction; the push worker claims due rows (SKIP LOCKED), deletes a row once its
 * push is accepted or given up, and moves `next_attempt_at` for a retry (server/modules/notifications/push-delivery.ts).
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: serial("id").primaryKey(),
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
  },
  (t) => [
    // The worker's claim: the due rows, oldest first.
    index("push_deliveries_due_idx").on(t.nextAttemptAt, t.id),
    index("push_deliveries_notification_idx").on(t.notificationId),
    index("push_deliveries_subscription_idx").on(t.subscriptionId),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export type Team = typeof teams.$inferSelect;
export type NewTeam = typeof teams.$inferInsert;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Challenge = typeof challenges.$inferSelect;
export type ChallengeSlot = typeof challengeSlots.$inferSelect;
export type Match = typeof matches.$inferSelect;
export type NewMatch = typeof matches.$inferInsert;
export type Dispute = typeof disputes.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
export type SystemSetting = typeof systemSettings.$inferSelect;
export type TeamAway = typeof teamAway.$inferSelect;
export type ClubBreak = typeof clubBreaks.$inferSelect;
export type Season = typeof seasons.$inferSelect;
export type SeasonStanding = typeof seasonStandings.$inferSelect;
export type OutboxMail = typeof mailOutbox.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type UserMfa = typeof userMfa.$inferSelect;
