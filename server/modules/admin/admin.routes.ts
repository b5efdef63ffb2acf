// Admin routes (mounted under /api). Every route: guard "admin" (signed out 401, everyone else 403).
// Approvals live in the accounts module, disputes in disputes, the header image in settings.
import type { Router } from "express";
import {
  adminDeleteTeamSchema,
  adminTeamsQuerySchema,
  importBackupSchema,
  mailRetrySchema,
  suspendUserSchema,
} from "@shared/validators/admin";
import type { AppDeps } from "../../deps";
import { currentUser } from "../../middleware/auth";
import { IdParams } from "../../middleware/validate";
import { apiRouter } from "../../lib/route";
import { deleteUser, demoteAdmin, listAdmins, promoteUser, suspendUser, unsuspendUser } from "./admin.users.service";
import { adminSoftDeleteTeam, listAdminTeams, permanentlyDeleteTeam, restoreTeam } from "./admin.teams.service";
import { exportUsersCsv, getAdminStats, purgeConfirmedMatches, resetAllData } from "./admin.data.service";
import { exportFullBackup, importBackup } from "./admin.backup.service";
import { getMailDelivery, retryFailedMail } from "./admin.mail.service";

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");

/** A full backup is larger than any other body: only its restore route takes up to 25 MB (after inflating). */
export const BACKUP_BODY_LIMIT = 25 * 1024 * 1024;
/** A backup file nests 5 levels (body, backupData, tables, a table, a row); room for values that are objects. */
const BACKUP_MAX_DEPTH = 10;

export function adminRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  const actorOf = (req: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(req);
    return { id: u.id, teamId: u.teamId, username: u.username, email: u.email };
  };

  route({
    method: "get",
    path: "/admin/stats",
    guard: "admin",
    cache: "uncached",
    handler: async (_req, res) => {
      res.json(await getAdminStats(deps));
    },
  });

  route({
    method: "get",
    path: "/admin/teams",
    guard: "admin",
    query: adminTeamsQuerySchema,
    cache: "uncached",
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
    handler: async (req, res, { params, body }) => {
      res.json(await suspendUser(deps, { userId: params.id, actor: actorOf(req), reason: body.reason }));
    },
  });
  route({
    method: "post",
    path: "/admin/users/:id/unsuspend",
    guard: "admin",
    params: IdParams,
    errorTitle: "Unsuspension Failed",
    handler: async (req, res, { params }) => {
      res.json(await unsuspendUser(deps, { userId: params.id, actor: actorOf(req) }));
    },
  });
  route({
    method: "delete",
    path: "/admin/users/:id",
    guard: "admin",
    params: IdParams,
    errorTitle: "Failed to Delete User",
    handler: async (req, res, { params }) => {
      res.json(await deleteUser(deps, { userId: params.id, actor: actorOf(req) }));
    },
  });

  // Admins: who they are, and making or unmaking one (never the last).
  route({
    method: "get",
    path: "/admin/admins",
    guard: "admin",
    cache: "uncached",
    handler: async (req, res) => {
      res.json(await listAdmins(deps, { actor: actorOf(req) }));
    },
  });
  route({
    method: "post",
    path: "/admin/users/:id/promote",
    guard: "admin",
    params: IdParams,
    errorTitle: "Promotion Failed",
    handler: async (req, res, { params }) => {
      res.json(await promoteUser(deps, { userId: params.id, actor: actorOf(req) }));
    },
  });
  route({
    method: "post",
    path: "/admin/users/:id/demote",
    guard: "admin",
    params: IdParams,
    errorTitle: "Demotion Failed",
    handler: async (req, res, { params }) => {
      res.json(await demoteAdmin(deps, { userId: params.id, actor: actorOf(req) }));
    },
  });

  // Mail delivery (the outbox)
  route({
    method: "get",
    path: "/admin/mail-delivery",
    guard: "admin",
    cache: "uncached",
    handler: async (_req, res) => {
      res.json(await getMailDelivery(deps));
    },
  });
  route({
    method: "post",
    path: "/admin/mail-delivery/retry",
    guard: "admin",
    body: mailRetrySchema,
    errorTitle: "Retry Failed",
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
    handler: async (req, res, { params, body }) => {
      res.json(await adminSoftDeleteTeam(deps, { actor: actorOf(req), teamId: params.id, reason: body.reason }));
    },
  });
  route({
    method: "post",
    path: "/admin/teams/:id/restore",
    guard: "admin",
    params: IdParams,
    errorTitle: "Restore Failed",
    handler: async (req, res, { params }) => {
      res.json(await restoreTeam(deps, { actor: actorOf(req), teamId: params.id }));
    },
  });
  route({
    method: "delete",
    path: "/admin/teams/:id/permanent",
    guard: "admin",
    params: IdParams,
    errorTitle: "Permanent Delete Failed",
    handler: async (req, res, { params }) => {
      res.json(await permanentlyDeleteTeam(deps, { actor: actorOf(req), teamId: params.id }));
    },
  });

  // Data
  route({
    method: "get",
    path: "/admin/export-users",
    guard: "admin",
    cache: "uncached",
    handler: async (req, res) => {
      const csv = await exportUsersCsv(deps, { actor: actorOf(req) });
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="doubles-ladder-users-${stamp()}.csv"`);
      res.send(csv);
    },
  });
  route({
    method: "get",
    path: "/admin/export-full-backup",
    guard: "admin",
    cache: "uncached",
    handler: async (req, res) => {
      const backup = await exportFullBackup(deps, { actor: actorOf(req) });
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="doubles-ladder-backup-${stamp()}.json"`);
      res.send(JSON.stringify(backup));
    },
  });
  // The admin guard answers before a byte of the file is read; then its own, larger limit.
  route({
    method: "post",
    path: "/admin/import-backup",
    guard: "admin",
    body: importBackupSchema,
    bodyLimit: BACKUP_BODY_LIMIT,
    maxDepth: BACKUP_MAX_DEPTH,
    errorTitle: "Restore failed",
    handler: async (req, res, { body }) => {
      res.json(await importBackup(deps, { actor: actorOf(req), backupData: body.backupData, importMode: body.importMode }));
    },
  });
  route({
    method: "delete",
    path: "/admin/purge-confirmed-matches",
    guard: "admin",
    handler: async (req, res) => {
      res.json(await purgeConfirmedMatches(deps, { actor: actorOf(req) }));
    },
  });
  route({
    method: "post",
    path: "/admin/reset-data",
    guard: "admin",
    handler: async (req, res) => {
      res.json(await resetAllData(deps, { actor: actorOf(req) }));
    },
  });

  return router;
}
