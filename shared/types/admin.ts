// Response shapes of the admin endpoints (server builds them, the admin panel reads them): each a zod
// schema, declared by its route as `response` (docs/decisions/033-api-reference-from-zod.md), and its type.
import { z } from "zod";
import { COMPETITION_TYPES } from "../constants";
import { pageSchemaOf } from "../paging";
import { accountRefSchema, messageResponseSchema, ratingRecordSchema } from "./common";
import { IMPORT_MODES, type BackupFileJson, type ImportMode } from "../validators/admin";

export type { BackupFileJson, ImportMode };

/** GET /api/admin/stats: the three stat cards. */
export const adminStatsSchema = z.object({
  totalPlayers: z.number().int().nonnegative(),
  newPlayers: z.number().int().nonnegative().describe("Joined in the last NEW_PLAYERS_WINDOW_DAYS days."),
  newPlayersWindowDays: z.number().int().positive(),
  activeChallenges: z.number().int().nonnegative().describe("Pending + accepted challenges."),
  openDisputes: z.number().int().nonnegative().describe("Disputes awaiting an admin."),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminTeamMemberSchema = accountRefSchema.extend({
  isSuspended: z.boolean(),
  suspensionReason: z.string().nullable(),
  isCaptain: z.boolean(),
  isPartner: z.boolean(),
  isApproved: z.boolean(),
  isAdmin: z.boolean(),
});
export type AdminTeamMember = z.infer<typeof adminTeamMemberSchema>;

/** One row of GET /api/admin/teams (Manage Teams): deleted teams included. */
export const adminTeamSchema = ratingRecordSchema.extend({
  id: z.number().int(),
  name: z.string(),
  competitionType: z.enum(COMPETITION_TYPES),
  isApproved: z.boolean(),
  createdAt: z.iso.datetime(),
  deletedAt: z.iso.datetime().nullable(),
  deletionReason: z.string().nullable(),
  members: z.array(adminTeamMemberSchema),
  isOwnTeam: z.boolean().describe("The acting admin belongs to this team: it can be neither deleted nor restored."),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;

export const adminTeamsPageSchema = pageSchemaOf(adminTeamSchema);
export type AdminTeamsPage = z.infer<typeof adminTeamsPageSchema>;

/** Answers of the team actions (delete, restore, delete permanently). */
export const adminTeamActionResultSchema = messageResponseSchema.extend({
  teamName: z.string(),
});
export type AdminTeamActionResult = z.infer<typeof adminTeamActionResultSchema>;

/** Answers of the user actions (suspend, unsuspend, delete, promote, demote). */
export const adminUserActionResultSchema = messageResponseSchema.extend({
  userId: z.number().int(),
  name: z.string(),
});
export type AdminUserActionResult = z.infer<typeof adminUserActionResultSchema>;

const importedCount = z.number().int().nonnegative();
export const importResultsSchema = z.object({
  users_imported: importedCount,
  teams_imported: importedCount,
  challenges_imported: importedCount,
  matches_imported: importedCount,
  disputes_imported: importedCount,
  settings_imported: importedCount,
});
export type ImportResults = z.infer<typeof importResultsSchema>;

/** POST /api/admin/import-backup and POST /api/admin/backups/{name}/restore. */
export const importBackupResponseSchema = messageResponseSchema.extend({
  success: z.literal(true),
  mode: z.enum(IMPORT_MODES),
  results: importResultsSchema,
});
export type ImportBackupResponse = z.infer<typeof importBackupResponseSchema>;

/** A restore or a reset of the club's data (the one data operation at a time). */
export const dataOperationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["restore", "reset"]),
  status: z.enum(["running", "done", "failed"]),
  phase: z.string().nullable().describe('What it is doing now, e.g. "Writing matches" (null once finished).'),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  message: z.string().nullable().describe("Why it failed."),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type DataOperation = z.infer<typeof dataOperationSchema>;

/** GET /api/admin/operations/current: the running restore or reset, else the latest (null: none yet). */
export const currentOperationSchema = z.object({ operation: dataOperationSchema.nullable() });
export type CurrentOperation = z.infer<typeof currentOperationSchema>;

/** One scheduled backup in BACKUP_DIR (GET /api/admin/backups), newest first. */
export const scheduledBackupSchema = z.object({
  name: z.string(),
  createdAt: z.iso.datetime().describe("When the backup was taken."),
  bytes: z.number().int().nonnegative(),
});
export type ScheduledBackup = z.infer<typeof scheduledBackupSchema>;

/** GET /api/admin/backups. */
export const scheduledBackupsResponseSchema = z.object({
  schedule: z.string().describe("off, hourly, daily or weekly (BACKUP_SCHEDULE)."),
  keep: z.number().int().nonnegative(),
  backups: z.array(scheduledBackupSchema),
});
export type ScheduledBackupsResponse = z.infer<typeof scheduledBackupsResponseSchema>;

/** DELETE /api/admin/purge-confirmed-matches. */
export const purgeResponseSchema = messageResponseSchema.extend({
  purgedCount: z.number().int().nonnegative(),
  disputesRemoved: z.number().int().nonnegative(),
});
export type PurgeResponse = z.infer<typeof purgeResponseSchema>;

/** POST /api/admin/reset-data. */
export const resetDataResponseSchema = messageResponseSchema.extend({
  removed: z.object({
    users: z.number().int().nonnegative(),
    teams: z.number().int().nonnegative(),
    challenges: z.number().int().nonnegative(),
    matches: z.number().int().nonnegative(),
    disputes: z.number().int().nonnegative(),
  }),
});
export type ResetDataResponse = z.infer<typeof resetDataResponseSchema>;

/** One row of GET /api/admin/admins (the Administrators card). */
export const adminAccountSchema = accountRefSchema.extend({
  teamName: z.string().nullable(),
  secondFactor: z.boolean().describe("Has two-step sign-in on."),
  isSelf: z.boolean().describe("The acting admin."),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** One mail the outbox gave up on (GET /api/admin/mail-delivery). */
export const failedMailSchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  lastError: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

/** GET /api/admin/mail-delivery: the Mail delivery card. `queued` includes mails being sent; `sent` counts the last MAIL_SENT_WINDOW_DAYS days. */
export const mailDeliveryStatusSchema = z.object({
  queued: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  failedMails: z.array(failedMailSchema).describe("The most recent failed mails, newest first (at most FAILED_MAIL_LIST_LIMIT)."),
});
export type MailDeliveryStatus = z.infer<typeof mailDeliveryStatusSchema>;

/** POST /api/admin/mail-delivery/retry */
export const mailRetryResultSchema = messageResponseSchema.extend({
  retried: z.number().int().nonnegative(),
});
export type MailRetryResult = z.infer<typeof mailRetryResultSchema>;
