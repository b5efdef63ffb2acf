// Response shapes of the admin endpoints (server builds them, the admin panel reads them).
import type { CompetitionType } from "../constants";
import type { Page } from "../paging";
import type { BackupFileJson, ImportMode } from "../validators/admin";

export type { BackupFileJson, ImportMode };

/** GET /api/admin/stats: the three stat cards. */
export interface AdminStats {
  totalPlayers: number;
  /** Joined in the last NEW_PLAYERS_WINDOW_DAYS days. */
  newPlayers: number;
  newPlayersWindowDays: number;
  /** Pending + accepted challenges. */
  activeChallenges: number;
  /** Disputes awaiting an admin. */
  openDisputes: number;
}

export interface AdminTeamMember {
  id: number;
  name: string;
  username: string | null;
  email: string;
  isSuspended: boolean;
  suspensionReason: string | null;
  isCaptain: boolean;
  isPartner: boolean;
  isApproved: boolean;
  isAdmin: boolean;
}

/** One row of GET /api/admin/teams (Manage Teams): deleted teams included. */
export interface AdminTeam {
  id: number;
  name: string;
  competitionType: CompetitionType;
  isApproved: boolean;
  rating: number;
  wins: number;
  losses: number;
  createdAt: string;
  deletedAt: string | null;
  deletionReason: string | null;
  members: AdminTeamMember[];
  /** The acting admin belongs to this team: it can be neither deleted nor restored. */
  isOwnTeam: boolean;
}

export type AdminTeamsPage = Page<AdminTeam>;

/** Answers of the team actions. */
export interface AdminTeamActionResult {
  message: string;
  teamName: string;
}

export interface AdminUserActionResult {
  message: string;
  userId: number;
  name: string;
}

export interface ImportResults {
  users_imported: number;
  teams_imported: number;
  challenges_imported: number;
  matches_imported: number;
  disputes_imported: number;
  settings_imported: number;
}

/** POST /api/admin/import-backup. */
export interface ImportBackupResponse {
  success: true;
  message: string;
  mode: ImportMode;
  results: ImportResults;
}

/** GET /api/admin/operations/current: the running restore or reset, else the latest (null: none yet). */
export interface DataOperation {
  id: number;
  kind: "restore" | "reset";
  status: "running" | "done" | "failed";
  /** What it is doing now, e.g. "Writing matches" (null once finished). */
  phase: string | null;
  done: number;
  total: number;
  /** Why it failed. */
  message: string | null;
  startedAt: string;
  finishedAt: string | null;
}

/** One scheduled backup in BACKUP_DIR (GET /api/admin/backups), newest first. */
export interface ScheduledBackup {
  name: string;
  /** ISO time the backup was taken. */
  createdAt: string;
  bytes: number;
}

/** GET /api/admin/backups. */
export interface ScheduledBackupsResponse {
  /** off, hourly, daily or weekly (BACKUP_SCHEDULE). */
  schedule: string;
  keep: number;
  backups: ScheduledBackup[];
}

/** DELETE /api/admin/purge-confirmed-matches. */
export interface PurgeResponse {
  message: string;
  purgedCount: number;
  disputesRemoved: number;
}

/** POST /api/admin/reset-data. */
export interface ResetDataResponse {
  message: string;
  removed: { users: number; teams: number; challenges: number; matches: number; disputes: number };
}

/** One row of GET /api/admin/admins (the Administrators card). */
export interface AdminAccount {
  id: number;
  name: string;
  username: string | null;
  email: string;
  teamName: string | null;
  /** Has two-step sign-in on. */
  secondFactor: boolean;
  /** The acting admin. */
  isSelf: boolean;
}

/** One mail the outbox gave up on (GET /api/admin/mail-delivery). */
export interface FailedMail {
  id: number;
  recipient: string;
  subject: string;
  lastError: string | null;
  attempts: number;
  createdAt: string;
}

/** GET /api/admin/mail-delivery: the Mail delivery card. `queued` includes mails being sent. */
export interface MailDeliveryStatus {
  queued: number;
  sent: number;
  failed: number;
  /** The most recent failed mails, newest first (at most FAILED_MAIL_LIST_LIMIT). */
  failedMails: FailedMail[];
}

/** POST /api/admin/mail-delivery/retry */
export interface MailRetryResult {
  message: string;
  retried: number;
}
