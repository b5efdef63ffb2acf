// Admin routes (mounted under /api). Every route: requireAdmin (signed out 401, everyone else 403).
// Approvals live in the accounts module, disputes in disputes, the header image in settings.
import fs from "node:fs";
import { Router } from "express";
import { z } from "zod";
import type { ScheduledBackupsResponse } from "@shared/types/admin";
import {
  adminDeleteTeamSchema,
  adminTeamsQuerySchema,
  importBackupQuerySchema,
  suspendUserSchema,
} from "@shared/validators/admin";
import type { AppDeps } from "../../deps";
import { requireAdmin, currentUser } from "../../middleware/auth";
import { IdParams, input, validate } from "../../middleware/validate";
import { deleteUser, demoteAdmin, listAdmins, promoteUser, suspendUser, unsuspendUser } from "./admin.users.service";
import { adminSoftDeleteTeam, listAdminTeams, permanentlyDeleteTeam, restoreTeam } from "./admin.teams.service";
import { exportUsersCsv, getAdminStats, purgeConfirmedMatches, resetAllData } from "./admin.data.service";
import { importBackup, streamFullBackup } from "./admin.backup.service";
import { chunkWriter } from "../../lib/chunk-writer";
import { checkUploadHeaders, readBackupUpload } from "./backup-upload";
import { backupFilePath, listBackupFiles } from "./scheduled-backups";
import { currentOperation, runDataOperation } from "./data-operations";

const BackupNameParams = z.object({ name: z.string().max(100) });

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");

export function adminRoutes(deps: AppDeps): Router {
  const router = Router();
  const admin = Router();
  router.use("/admin", requireAdmin, admin);

  const actorOf = (req: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(req);
    return { id: u.id, teamId: u.teamId, username: u.username, email: u.email };
  };

  admin.get("/stats", async (_req, res) => {
    res.json(await getAdminStats(deps));
  });

  admin.get("/teams", validate({ query: adminTeamsQuerySchema }), async (req, res) => {
    const q = input(req.valid.query, adminTeamsQuerySchema);
    res.json(await listAdminTeams(deps, { actor: actorOf(req), ...q }));
  });

  // Users
  admin.post("/users/:id/suspend", validate({ params: IdParams, body: suspendUserSchema }, "Suspension Failed"), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    const { reason } = input(req.valid.body, suspendUserSchema);
    res.json(await suspendUser(deps, { userId: id, actorId: actorOf(req).id, reason }));
  });
  admin.post("/users/:id/unsuspend", validate({ params: IdParams }, "Unsuspension Failed"), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await unsuspendUser(deps, { userId: id, actorId: actorOf(req).id }));
  });
  admin.delete("/users/:id", validate({ params: IdParams }, "Failed to Delete User"), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await deleteUser(deps, { userId: id, actorId: actorOf(req).id }));
  });

  // Admins: who they are, and making or unmaking one (never the last).
  admin.get("/admins", async (req, res) => {
    res.json(await listAdmins(deps, { actorId: actorOf(req).id }));
  });
  admin.post("/users/:id/promote", validate({ params: IdParams }, "Promotion Failed"), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await promoteUser(deps, { userId: id, actorId: actorOf(req).id }));
  });
  admin.post("/users/:id/demote", validate({ params: IdParams }, "Demotion Failed"), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await demoteAdmin(deps, { userId: id, actorId: actorOf(req).id }));
  });

  // Teams
  admin.delete("/teams/:id", validate({ params: IdParams, body: adminDeleteTeamSchema }, "Delete Failed"), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    const { reason } = input(req.valid.body, adminDeleteTeamSchema);
    res.json(await adminSoftDeleteTeam(deps, { actor: actorOf(req), teamId: id, reason }));
  });
  admin.post("/teams/:id/restore", validate({ params: IdParams }, "Restore Failed"), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await restoreTeam(deps, { actor: actorOf(req), teamId: id }));
  });
  admin.delete("/teams/:id/permanent", validate({ params: IdParams }, "Permanent Delete Failed"), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await permanentlyDeleteTeam(deps, { actor: actorOf(req), teamId: id }));
  });

  // Data
  admin.get("/export-users", async (req, res) => {
    const csv = await exportUsersCsv(deps, { actorId: actorOf(req).id });
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="doubles-ladder-users-${stamp()}.csv"`);
    res.send(csv);
  });
  // Streamed a page of rows at a time. A failure after the first byte can only cut the download
  // short (a truncated file, which a restore refuses); it is logged.
  admin.get("/export-full-backup", async (req, res) => {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="doubles-ladder-backup-${stamp()}.json"`);
    try {
      await streamFullBackup(deps, { actorId: actorOf(req).id }, chunkWriter(res));
      res.end();
    } catch (err) {
      if (!res.headersSent) throw err;
      deps.logger.error({ event: "admin.export_backup_failed", err: (err as Error).message }, "full backup export cut short");
      res.destroy();
    }
  });
  // The body is the file, streamed (createApp leaves it unread): only an admin's upload is read.
  admin.post("/import-backup", validate({ query: importBackupQuerySchema }, "Restore failed"), async (req, res) => {
    const { mode } = input(req.valid.query, importBackupQuerySchema);
    const actor = actorOf(req);
    const maxBytes = deps.env.BACKUP_MAX_MB * 1024 * 1024;
    // What the headers alone refuse is refused first; then the operation is claimed before the body
    // is read, so a second operation answers 409 without reading its upload.
    checkUploadHeaders(req, { maxBytes });
    const result = await runDataOperation(deps, { kind: "restore", actorId: actor.id, title: "Restore failed" }, async (progress) => {
      progress("Reading the file");
      const upload = await readBackupUpload(req, { maxBytes });
      return importBackup(deps, { actor, backupData: upload, importMode: mode, progress });
    });
    res.json(result);
  });
  // The running restore or reset (or the latest), polled by the panel while one runs.
  admin.get("/operations/current", async (_req, res) => {
    res.json({ operation: await currentOperation(deps) });
  });
  // Scheduled backups in BACKUP_DIR: the list, one file, and restoring one (same as an upload of it).
  admin.get("/backups", (_req, res) => {
    const body: ScheduledBackupsResponse = { schedule: deps.env.BACKUP_SCHEDULE, keep: deps.env.BACKUP_KEEP, backups: listBackupFiles(deps.env.backupDir) };
    res.json(body);
  });
  admin.get("/backups/:name", validate({ params: BackupNameParams }), (req, res, next) => {
    const { name } = input(req.valid.params, BackupNameParams);
    const file = backupFilePath(deps.env.backupDir, name);
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${name}"`);
    const stream = fs.createReadStream(file);
    stream.once("error", next);
    stream.pipe(res);
  });
  admin.post(
    "/backups/:name/restore",
    validate({ params: BackupNameParams, query: importBackupQuerySchema }, "Restore failed"),
    async (req, res) => {
      const { name } = input(req.valid.params, BackupNameParams);
      const { mode } = input(req.valid.query, importBackupQuerySchema);
      const file = backupFilePath(deps.env.backupDir, name);
      const actor = actorOf(req);
      const result = await runDataOperation(deps, { kind: "restore", actorId: actor.id, title: "Restore failed" }, async (progress) => {
        progress("Reading the file");
        const upload = await readBackupUpload(Object.assign(fs.createReadStream(file), { headers: {} }), { maxBytes: Number.MAX_SAFE_INTEGER });
        return importBackup(deps, { actor, backupData: upload, importMode: mode, progress });
      });
      res.json(result);
    },
  );
  admin.delete("/purge-confirmed-matches", async (req, res) => {
    res.json(await purgeConfirmedMatches(deps, { actorId: actorOf(req).id }));
  });
  admin.post("/reset-data", async (req, res) => {
    const actorId = actorOf(req).id;
    res.json(await runDataOperation(deps, { kind: "reset", actorId, title: "Failed to Reset Data" }, (progress) => resetAllData(deps, { actorId, progress })));
  });

  return router;
}
