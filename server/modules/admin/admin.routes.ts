// Admin routes (mounted under /api). Every route: requireAdmin (signed out 401, everyone else 403).
// Approvals live in the accounts module, disputes in disputes, the header image in settings.
import { Router } from "express";
import {
  adminDeleteTeamSchema,
  adminTeamsQuerySchema,
  importBackupSchema,
  mailRetrySchema,
  suspendUserSchema,
} from "@shared/validators/admin";
import type { AppDeps } from "../../deps";
import { requireAdmin, currentUser } from "../../middleware/auth";
import { IdParams, input, validate } from "../../middleware/validate";
import { deleteUser, demoteAdmin, listAdmins, promoteUser, suspendUser, unsuspendUser } from "./admin.users.service";
import { adminSoftDeleteTeam, listAdminTeams, permanentlyDeleteTeam, restoreTeam } from "./admin.teams.service";
import { exportUsersCsv, getAdminStats, purgeConfirmedMatches, resetAllData } from "./admin.data.service";
import { exportFullBackup, importBackup } from "./admin.backup.service";
import { getMailDelivery, retryFailedMail } from "./admin.mail.service";

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

  // Mail delivery (the outbox)
  admin.get("/mail-delivery", async (_req, res) => {
    res.json(await getMailDelivery(deps));
  });
  admin.post("/mail-delivery/retry", validate({ body: mailRetrySchema }, "Retry Failed"), async (req, res) => {
    res.json(await retryFailedMail(deps, { actorId: actorOf(req).id, input: input(req.valid.body, mailRetrySchema) }));
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
  admin.get("/export-full-backup", async (req, res) => {
    const backup = await exportFullBackup(deps, { actorId: actorOf(req).id });
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="doubles-ladder-backup-${stamp()}.json"`);
    res.send(JSON.stringify(backup));
  });
  // The body limit for this path (25 MB) is set in createApp before the general JSON parser.
  admin.post("/import-backup", validate({ body: importBackupSchema }, "Restore failed"), async (req, res) => {
    const body = input(req.valid.body, importBackupSchema);
    res.json(await importBackup(deps, { actor: actorOf(req), backupData: body.backupData, importMode: body.importMode }));
  });
  admin.delete("/purge-confirmed-matches", async (req, res) => {
    res.json(await purgeConfirmedMatches(deps, { actorId: actorOf(req).id }));
  });
  admin.post("/reset-data", async (req, res) => {
    res.json(await resetAllData(deps, { actorId: actorOf(req).id }));
  });

  return router;
}
