// Admin routes (mounted under /api). Every route: guard "admin" (signed out 401, everyone else 403).
// Approvals live in the accounts module, disputes in disputes, the header image in settings.
import fs from "node:fs";
import type { Readable } from "node:stream";
import type { Request, Router } from "express";
import { z } from "zod";
import {
  adminAccountSchema,
  adminStatsSchema,
  adminTeamActionResultSchema,
  adminTeamsPageSchema,
  adminUserActionResultSchema,
  currentOperationSchema,
  importBackupResponseSchema,
  mailDeliveryStatusSchema,
  mailRetryResultSchema,
  purgeResponseSchema,
  resetDataResponseSchema,
  scheduledBackupsResponseSchema,
  type CurrentOperation,
  type ScheduledBackupsResponse,
} from "@shared/types/admin";
import {
  adminDeleteTeamSchema,
  adminTeamsQuerySchema,
  importBackupQuerySchema,
  mailRetrySchema,
  suspendUserSchema,
  type ImportMode,
} from "@shared/validators/admin";
import type { AppDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { currentUser } from "../../middleware/auth";
import { IdParams } from "../../middleware/validate";
import { apiRouter, uncachedRead } from "../../lib/route";
import { deleteUser, demoteAdmin, listAdmins, promoteUser, suspendUser, unsuspendUser } from "./admin.users.service";
import { adminSoftDeleteTeam, listAdminTeams, permanentlyDeleteTeam, restoreTeam } from "./admin.teams.service";
import { exportUsersCsv, getAdminStats, purgeConfirmedMatches, resetAllData } from "./admin.data.service";
import { streamFullBackup } from "./admin.backup.service";
import { restoreBackup } from "./admin.restore.service";
import { getMailDelivery, retryFailedMail } from "./admin.mail.service";
import { chunkWriter } from "../../lib/chunk-writer";
import { BACKUP_MAX_DEPTH, backupTooLarge } from "./backup-upload";
import { backupFilePath, listBackupFiles } from "./scheduled-backups";
import { getCurrentOperation, OPERATION_POLL_PATH, runDataOperation } from "./data-operations";

const BackupNameParams = z.object({ name: z.string().max(100) });

/** The backup downloads: the file a restore reads back. */
const BACKUP_FILE_ANSWER =
  "A full backup file (a download): JSON, formatVersion 1, every table's rows (backupFileSchema in shared/validators/admin.ts); POST /api/admin/import-backup restores it.";

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");


export function adminRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);
  /** A backup file is larger than any other body: the restore reads up to BACKUP_MAX_MB. */
  const backupMaxBytes = deps.env.BACKUP_MAX_MB * 1024 * 1024;

  // The signed-in admin is the actor (server/auth/actor.ts): req.user fits it.
  const actorOf = currentUser;
  /** Restores a backup as the admin's one data operation; `source` is opened only once the operation is claimed. */
  const restoreAsOperation = (req: Request, source: () => Readable, maxBytes: number, importMode: ImportMode) => {
    const actor = actorOf(req);
    return runDataOperation(deps, {
      kind: "restore",
      actor,
      title: "Restore failed",
      work: (progress) => restoreBackup(deps, { actor, source: source(), maxBytes, importMode, progress }),
    });
  };
  /** An admin's action on the user or team named by the path's id, with no body; answers the service's result (`response`). */
  const byId =
    <K extends "userId" | "teamId", R extends z.ZodType>(key: K, response: R) =>
    (method: "post" | "delete", path: string, errorTitle: string, act: (deps: AppDeps, input: Record<K, number> & { actor: Actor }) => Promise<z.input<R>>) =>
      route({
        method,
        path,
        guard: "admin",
        params: IdParams,
        errorTitle,
        response,
        handler: async (req, res, { params }) => {
          const actor: Actor = actorOf(req);
          res.json(await act(deps, { [key]: params.id, actor } as Record<K, number> & { actor: Actor }));
        },
      });
  const onUser = byId("userId", adminUserActionResultSchema);
  const onTeam = byId("teamId", adminTeamActionResultSchema);
  /** An admin's read or action on the whole club, with no input but who asks; answers the service's result (`response`). */
  const forClub = <R extends z.ZodType>(method: "get" | "post" | "delete", path: string, response: R, act: (deps: AppDeps, input: { actor: Actor }) => Promise<z.input<R>>) =>
    route({
      method,
      path,
      guard: "admin",
      response,
      ...(method === "get" ? { cache: "uncached" as const } : {}),
      handler: async (req, res) => {
        res.json(await act(deps, { actor: actorOf(req) }));
      },
    });

  uncachedRead(route, deps, "/admin/stats", "admin", getAdminStats, adminStatsSchema);

  route({
    method: "get",
    path: "/admin/teams",
    guard: "admin",
    query: adminTeamsQuerySchema,
    cache: "uncached",
    response: adminTeamsPageSchema,
    handler: async (req, res, { query }) => {
      res.json(await listAdminTeams(deps, { actor: actorOf(req), ...query }));
    },
  });

  // Users
  route({
    method: "post",
    path: "/admin/users/:id/suspend",
    guard: "admin",
    params: IdParams,
    body: suspendUserSchema,
    errorTitle: "Suspension Failed",
    response: adminUserActionResultSchema,
    handler: async (req, res, { params, body }) => {
      res.json(await suspendUser(deps, { userId: params.id, actor: actorOf(req), reason: body.reason }));
    },
  });
  onUser("post", "/admin/users/:id/unsuspend", "Unsuspension Failed", unsuspendUser);
  onUser("delete", "/admin/users/:id", "Failed to Delete User", deleteUser);

  // Admins: who they are, and making or unmaking one (never the last).
  forClub("get", "/admin/admins", z.array(adminAccountSchema), listAdmins);
  onUser("post", "/admin/users/:id/promote", "Promotion Failed", promoteUser);
  onUser("post", "/admin/users/:id/demote", "Demotion Failed", demoteAdmin);

  // Mail delivery (the outbox)
  uncachedRead(route, deps, "/admin/mail-delivery", "admin", getMailDelivery, mailDeliveryStatusSchema);
  route({
    method: "post",
    path: "/admin/mail-delivery/retry",
    guard: "admin",
    body: mailRetrySchema,
    errorTitle: "Retry Failed",
    response: mailRetryResultSchema,
    handler: async (req, res, { body }) => {
      res.json(await retryFailedMail(deps, { retry: body, actor: actorOf(req) }));
    },
  });

  // Teams
  route({
    method: "delete",
    path: "/admin/teams/:id",
    guard: "admin",
    params: IdParams,
    body: adminDeleteTeamSchema,
    errorTitle: "Delete Failed",
    response: adminTeamActionResultSchema,
    handler: async (req, res, { params, body }) => {
      res.json(await adminSoftDeleteTeam(deps, { actor: actorOf(req), teamId: params.id, reason: body.reason }));
    },
  });
  onTeam("post", "/admin/teams/:id/restore", "Restore Failed", restoreTeam);
  onTeam("delete", "/admin/teams/:id/permanent", "Permanent Delete Failed", permanentlyDeleteTeam);

  // Data
  route({
    method: "get",
    path: "/admin/export-users",
    guard: "admin",
    cache: "uncached",
    response: { mediaType: "text/csv", description: "Every user, one row each (a download: doubles-ladder-users-<time>.csv); cells a spreadsheet would run as a formula are neutralised." },
    handler: async (req, res) => {
      const csv = await exportUsersCsv(deps, { actor: actorOf(req) });
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="doubles-ladder-users-${stamp()}.csv"`);
      res.send(csv);
    },
  });
  // Streamed a page of rows at a time. A failure after the first byte can only cut the download
  // short (a truncated file, which a restore refuses); it is logged.
  route({
    method: "get",
    path: "/admin/export-full-backup",
    guard: "admin",
    cache: "uncached",
    response: { mediaType: "application/json", description: BACKUP_FILE_ANSWER },
    handler: async (req, res) => {
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="doubles-ladder-backup-${stamp()}.json"`);
      try {
        await streamFullBackup(deps, { actor: actorOf(req), write: chunkWriter(res) });
        res.end();
      } catch (err) {
        if (!res.headersSent) throw err;
        deps.logger.error({ event: "admin.export_backup_failed", err: (err as Error).message }, "full backup export cut short");
        res.destroy();
      }
    },
  });
  // The body is the file, read by the handler as a stream once the admin guard has let the caller
  // through (body: "stream"): at most BACKUP_MAX_MB, never inflated, nested no deeper than a backup.
  route({
    method: "post",
    path: "/admin/import-backup",
    guard: "admin",
    query: importBackupQuerySchema,
    body: "stream",
    bodyLimit: backupMaxBytes,
    tooLargeMessage: backupTooLarge(backupMaxBytes),
    maxDepth: BACKUP_MAX_DEPTH,
    errorTitle: "Restore failed",
    response: importBackupResponseSchema,
    handler: async (req, res, { query, body }) => {
      // What the headers alone refuse (compressed, not UTF-8: 415; announced over the limit: 413)
      // route() refused before this handler; the operation is claimed before the body is read, so
      // a second operation answers 409 without reading its upload.
      res.json(await restoreAsOperation(req, () => body, backupMaxBytes, query.mode));
    },
  });
  // The running restore or reset (or the latest), polled by the panel while one runs.
  route({
    method: "get",
    path: OPERATION_POLL_PATH,
    guard: "admin",
    cache: "uncached",
    response: currentOperationSchema,
    handler: async (_req, res) => {
      const answer: CurrentOperation = { operation: await getCurrentOperation(deps) };
      res.json(answer);
    },
  });
  // Scheduled backups in BACKUP_DIR: the list, one file, and restoring one (same as an upload of it).
  route({
    method: "get",
    path: "/admin/backups",
    guard: "admin",
    cache: "uncached",
    response: scheduledBackupsResponseSchema,
    handler: (_req, res) => {
      const body: ScheduledBackupsResponse = { schedule: deps.env.BACKUP_SCHEDULE, keep: deps.env.BACKUP_KEEP, backups: listBackupFiles(deps.env.backupDir) };
      res.json(body);
    },
  });
  route({
    method: "get",
    path: "/admin/backups/:name",
    guard: "admin",
    params: BackupNameParams,
    cache: "uncached",
    response: { mediaType: "application/json", description: BACKUP_FILE_ANSWER },
    handler: async (_req, res, { params }) => {
      const file = backupFilePath(deps.env.backupDir, params.name);
      const stream = fs.createReadStream(file);
      await new Promise<void>((resolve, reject) => stream.once("open", () => resolve()).once("error", reject));
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${params.name}"`);
      stream.once("error", () => res.destroy());
      stream.pipe(res);
    },
  });
  route({
    method: "post",
    path: "/admin/backups/:name/restore",
    guard: "admin",
    params: BackupNameParams,
    query: importBackupQuerySchema,
    errorTitle: "Restore failed",
    response: importBackupResponseSchema,
    handler: async (req, res, { params, query }) => {
      const file = backupFilePath(deps.env.backupDir, params.name);
      res.json(await restoreAsOperation(req, () => fs.createReadStream(file), Number.MAX_SAFE_INTEGER, query.mode));
    },
  });
  forClub("delete", "/admin/purge-confirmed-matches", purgeResponseSchema, purgeConfirmedMatches);
  route({
    method: "post",
    path: "/admin/reset-data",
    guard: "admin",
    response: resetDataResponseSchema,
    handler: async (req, res) => {
      const actor = actorOf(req);
      res.json(
        await runDataOperation(deps, { kind: "reset", actor, title: "Failed to Reset Data", work: (progress) => resetAllData(deps, { actor, progress }) }),
      );
    },
  });

  return router;
}
