// Admin panel inputs: suspension, team deletion, the Manage Teams search, and the full backup file.
// The row schemas check each row of a backup (types, enums, the schema's own check constraints) as
// the restore reads it; backupFileSchema states the whole file's rules, which the restore checks in
// SQL on its staging tables (server/modules/admin/admin.restore.service.ts): a wrong or truncated
// file changes nothing.
import { z } from "zod";
import { normalizeAvailability } from "../availability";
import { idsOrAllSchema } from "./selection";
import { pageQuerySchema } from "../paging";
import {
  CHALLENGE_STATUSES,
  COMPETITION_TYPES,
  CONFIRMATION_STATUSES,
  DISPUTE_OUTCOMES,
  DISPUTE_STATUSES,
  MATCH_STATUSES,
  MATCH_TYPES,
  PREFERRED_SURFACES,
  SURFACES,
} from "../constants";

export const SUSPENSION_REASON_REQUIRED = "Please provide a reason for the suspension.";
export const DELETION_REASON_REQUIRED = "Please provide a reason for deleting this team.";
export const INVALID_BACKUP_FILE = "Please select a valid JSON backup file";
export const BACKUP_FORMAT_VERSION = 1;
export const ADMIN_TEAMS_PAGE_SIZE = 25;
export const ADMIN_TEAMS_PAGE_MAX = 100;

const reason = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(500, "Please keep the reason under 500 characters.");

/** The Mail delivery card lists at most this many failed mails. */
export const FAILED_MAIL_LIST_LIMIT = 50;
export const MAIL_RETRY_IDS_MAX = 500;
/** POST /api/admin/mail-delivery/retry: some failed mails, or all of them. */
export const mailRetrySchema = idsOrAllSchema({ max: MAIL_RETRY_IDS_MAX, noneChosen: "Choose at least one mail to retry." });
export type MailRetryInput = z.infer<typeof mailRetrySchema>;

export const suspendUserSchema = z.object({ reason: reason(SUSPENSION_REASON_REQUIRED) });
export type SuspendUserInput = z.infer<typeof suspendUserSchema>;

export const adminDeleteTeamSchema = z.object({ reason: reason(DELETION_REASON_REQUIRED) });
export type AdminDeleteTeamInput = z.infer<typeof adminDeleteTeamSchema>;

export const adminTeamsQuerySchema = pageQuerySchema({ defaultLimit: ADMIN_TEAMS_PAGE_SIZE, maxLimit: ADMIN_TEAMS_PAGE_MAX }).extend({
  search: z.string().trim().max(100, "Please keep the search under 100 characters.").optional().default(""),
});
export type AdminTeamsQuery = z.infer<typeof adminTeamsQuerySchema>;

/** GET /api/admin/pending-users: registrations waiting for approval, oldest first. */
export const PENDING_USERS_PAGE_SIZE = 50;
export const PENDING_USERS_PAGE_MAX = 100;
export const pendingUsersQuerySchema = pageQuerySchema({ defaultLimit: PENDING_USERS_PAGE_SIZE, maxLimit: PENDING_USERS_PAGE_MAX });

// ---------------------------------------------------------------------------------------------
// The backup file (formatVersion 1). Keys are the schema's field names; timestamps are ISO strings
// with milliseconds (the columns' precision), so they round-trip exactly.

const INT_MAX = 2_147_483_647;
const id = z.number().int().min(1).max(INT_MAX);
const int = z.number().int().min(-INT_MAX).max(INT_MAX);
const timestamp = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const optionalTimestamp = timestamp.nullable().default(null);
const optionalText = z.string().nullable().default(null);
const optionalId = id.nullable().default(null);
const optionalInt = int.nullable().default(null);

export const backupTeamSchema = z.object({
  id,
  name: z.string().min(1).max(100),
  createdAt: timestamp,
  isApproved: z.boolean(),
  rating: int,
  wins: int,
  losses: int,
  grassRating: int,
  beachRating: int,
  hardcourtRating: int,
  grassWins: int,
  grassLosses: int,
  beachWins: int,
  beachLosses: int,
  hardcourtWins: int,
  hardcourtLosses: int,
  avatar: optionalText,
  bio: optionalText,
  location: optionalText,
  preferredCourtSurface: z.enum(PREFERRED_SURFACES),
  competitionType: z.enum(COMPETITION_TYPES),
  deletedAt: optionalTimestamp,
  deletionReason: optionalText,
  /** Where its inactivity counts from; a backup made before it existed leaves it to the restore time. */
  lastActiveAt: timestamp.optional(),
  updatedAt: timestamp,
});

// A backup holds the weekly grid (days × morning/afternoon/evening) or, written before it existed,
// one boolean per day (true: the whole day); both restore as the grid.
const dayParts = z.object({ morning: z.boolean(), afternoon: z.boolean(), evening: z.boolean() });
const availability = z
  .object({
    mon: z.union([z.boolean(), dayParts]),
    tue: z.union([z.boolean(), dayParts]),
    wed: z.union([z.boolean(), dayParts]),
    thu: z.union([z.boolean(), dayParts]),
    fri: z.union([z.boolean(), dayParts]),
    sat: z.union([z.boolean(), dayParts]),
    sun: z.union([z.boolean(), dayParts]),
  })
  .transform(normalizeAvailability);

export const backupUserSchema = z.object({
  id,
  username: z.string().min(1).max(50).nullable().default(null),
  /** The argon2id hash (never a plain password). */
  password: optionalText,
  name: z.string().min(1).max(100),
  email: z.string().min(1).max(254),
  avatar: optionalText,
  phone: optionalText,
  location: optionalText,
  bio: optionalText,
  joinedAt: timestamp,
  isAdmin: z.boolean(),
  isApproved: z.boolean(),
  isSuspended: z.boolean(),
  suspensionReason: optionalText,
  isEmailVerified: z.boolean(),
  teamId: optionalId,
  isPartner: z.boolean(),
  isCaptain: z.boolean(),
  dominantHand: optionalText,
  playingStyle: optionalText,
  yearsPlaying: optionalInt,
  preferredSurface: optionalText,
  availability,
  photos: z.array(z.string()),
  rejectionReason: optionalText,
  updatedAt: timestamp,
});

export const backupChallengeSchema = z.object({
  id,
  challengerTeamId: id,
  challengedTeamId: id,
  createdBy: optionalId,
  status: z.enum(CHALLENGE_STATUSES),
  location: z.string(),
  surface: z.enum(SURFACES),
  competitionType: z.enum(COMPETITION_TYPES),
  notes: optionalText,
  responseNote: optionalText,
  proposedDateTime: optionalTimestamp,
  acceptBy: optionalTimestamp,
  playBy: optionalTimestamp,
  answeredAt: optionalTimestamp,
  answerRemindAt: optionalTimestamp,
  answerRemindedAt: optionalTimestamp,
  resultRemindAt: optionalTimestamp,
  resultRemindedAt: optionalTimestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const backupMatchSchema = z.object({
  id,
  team1Id: id,
  team2Id: id,
  winnerTeamId: id,
  player1Id: optionalId,
  player2Id: optionalId,
  winnerId: optionalId,
  challengeId: optionalId,
  matchDate: timestamp,
  location: z.string(),
  surface: z.enum(SURFACES),
  score: optionalText,
  notes: optionalText,
  team1PrevRating: optionalInt,
  team1NewRating: optionalInt,
  team2PrevRating: optionalInt,
  team2NewRating: optionalInt,
  player1PrevRating: optionalInt,
  player1NewRating: optionalInt,
  player2PrevRating: optionalInt,
  player2NewRating: optionalInt,
  matchStatus: z.enum(MATCH_STATUSES),
  approvalDeadline: optionalTimestamp,
  approvalRemindedAt: optionalTimestamp,
  approvedBy: optionalId,
  approvedAt: optionalTimestamp,
  confirmationStatus: z.enum(CONFIRMATION_STATUSES),
  reportedBy: optionalId,
  reportedByTeamId: optionalId,
  matchType: z.enum(MATCH_TYPES),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const backupDisputeSchema = z.object({
  id,
  matchId: id,
  reporterId: optionalId,
  reporterTeamId: optionalId,
  description: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable().default(null),
  resolutionNotes: optionalText,
  resolvedBy: optionalId,
  resolvedAt: optionalTimestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const backupSettingSchema = z.object({
  id,
  setting: z.string().min(1).max(100),
  value: optionalText,
  updatedAt: timestamp,
  updatedBy: optionalId,
});

const lower = (s: string | null) => (s === null ? null : s.toLowerCase());

export const backupFileSchema = z
  .object({
    formatVersion: z.literal(BACKUP_FORMAT_VERSION, {
      error: `This is not a Doubles Ladder backup (formatVersion ${BACKUP_FORMAT_VERSION} expected).`,
    }),
    exportedAt: z.string().optional(),
    tables: z.object(
      {
        users: z.array(backupUserSchema),
        teams: z.array(backupTeamSchema),
        challenges: z.array(backupChallengeSchema),
        matches: z.array(backupMatchSchema),
        disputes: z.array(backupDisputeSchema),
        system_settings: z.array(backupSettingSchema),
      },
      { error: "The backup has no tables section." },
    ),
  })
  .superRefine((file, ctx) => {
    const t = file.tables;
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    // One row per id in each table, and the unique keys of the schema.
    for (const name of ["users", "teams", "challenges", "matches", "disputes", "system_settings"] as const) {
      const seen = new Set<number>();
      t[name].forEach((row, i) => {
        if (seen.has(row.id)) issue(["tables", name, i, "id"], `Duplicate id ${row.id} in ${name}.`);
        seen.add(row.id);
      });
    }
    uniqueBy(t.users, (u) => lower(u.username), (i, v) => issue(["tables", "users", i, "username"], `Duplicate username ${v}.`));
    uniqueBy(t.users, (u) => lower(u.email), (i, v) => issue(["tables", "users", i, "email"], `Duplicate email ${v}.`));
    uniqueBy(t.disputes, (d) => String(d.matchId), (i, v) => issue(["tables", "disputes", i, "matchId"], `Two disputes for match ${v}.`));
    uniqueBy(t.system_settings, (s) => s.setting, (i, v) => issue(["tables", "system_settings", i, "setting"], `Duplicate setting ${v}.`));
    t.challenges.forEach((c, i) => {
      if (c.challengerTeamId === c.challengedTeamId)
        issue(["tables", "challenges", i], `Challenge ${c.id} has the same team on both sides.`);
    });
    t.matches.forEach((m, i) => {
      if (m.team1Id === m.team2Id) issue(["tables", "matches", i], `Match ${m.id} has the same team on both sides.`);
      if (m.winnerTeamId !== m.team1Id && m.winnerTeamId !== m.team2Id)
        issue(["tables", "matches", i, "winnerTeamId"], `Match ${m.id} has a winner that did not play.`);
    });
  });

function uniqueBy<T>(rows: T[], key: (row: T) => string | null, onDuplicate: (index: number, value: string) => void) {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const k = key(row);
    if (k === null) return;
    if (seen.has(k)) onDuplicate(i, k);
    seen.add(k);
  });
}

/** What the server writes, once checked: timestamps as Date. */
export type BackupFileData = z.output<typeof backupFileSchema>;
/** The file as JSON: timestamps as ISO strings. */
export type BackupFileJson = z.input<typeof backupFileSchema>;

export const IMPORT_MODES = ["merge", "overwrite"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/**
 * POST /api/admin/import-backup?mode=merge|overwrite; the body is the backup file itself
 * (application/json), read as a stream and checked by backupFileSchema.
 */
export const importBackupQuerySchema = z.object({
  mode: z.enum(IMPORT_MODES, { error: "Please choose Merge Data or Overwrite Existing." }),
});
export type ImportBackupQuery = z.infer<typeof importBackupQuerySchema>;
