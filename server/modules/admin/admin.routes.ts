// Admin routes (mounted under /api). Every route: guard "admin" (signed out 401, everyone else 403).
// Approvals live in the accounts module, disputes in disputes, the header image in settings.
import type { Router } from "express";
import {
  adminDeleteTeamSchema,
  adminTeamsQuerySchema,
  importBackupSchema,
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

  type Actor = ReturnType<typeof actorOf>;
  /** An admin's action on the user or team named by the path's id, with no body; answers the service's result. */
  const byId =
    <K extends "userId" | "teamId">(key: K) =>
    (method: "post" | "delete", path: string, errorTitle: string, act: (deps: AppDeps, input: Record<K, number> & { actor: Actor }) => Promise<unknown>) =>
      route({
        method,
        path,
        guard: "admin",
        params: IdParams,
        errorTitle,
        handler: async (req, res, { params }) => {
          res.json(await act(deps, { [key]: params.id, actor: actorOf(req) } as Record<K, number> & { actor: Actor }));
        },
      });
  const onUser = byId("userId");
  const onTeam = byId("teamId");
  /** An admin's read or action on the whole club, with no input but who asks; answers the service's result. */
  const forClub = (method: "get" | "post" | "delete", path: string, act: (deps: AppDeps, input: { actor: Actor }) => Promise<unknown>) =>
    route({
      method,
      path,
      guard: "admin",
      ...(method === "get" ? { cache: "uncached" as const } : {}),
      handler: async (req, res) => {
        res.json(await act(deps, { actor: actorOf(req) }));
      },
    });

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
  onUser("post", "/admin/users/:id/unsuspend", "Unsuspension Failed", unsuspendUser);
  onUser("delete", "/admin/users/:id", "Failed to Delete User", deleteUser);

  // Admins: who they are, and making or unmaking one (never the last).
  forClub("get", "/admin/admins", listAdmins);
  onUser("post", "/admin/users/:id/promote", "Promotion Failed", promoteUser);
  onUser("post", "/admin/users/:id/demote", "Demotion Failed", demoteAdmin);

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
  onTeam("post", "/admin/teams/:id/restore", "Restore Failed", restoreTeam);
  onTeam("delete", "/admin/teams/:id/permanent", "Permanent Delete Failed", permanentlyDeleteTeam);

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
  forClub("delete", "/admin/purge-confirmed-matches", purgeConfirmedMatches);
  forClub("post", "/admin/reset-data", resetAllData);

  return router;
}
