import { Router, type Request, type RequestHandler } from "express";
import { z } from "zod";
import {
  acceptInviteSchema,
  invitePartnerSchema,
  recoverUsernameSchema,
  registerSchema,
  registrationPresenceError,
  rejectUserSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  resetRequestSchema,
} from "@shared/validators/auth";
import type { AppDeps } from "../../deps";
import { IdParams, input, validate } from "../../middleware/validate";
import { currentUser, requireAdmin, requireCaptain } from "../../middleware/auth";
import { AppError } from "../../lib/app-error";
import { rateLimit } from "../../lib/rate-limit";
import { afterResponse } from "../../lib/after-response";
import type { MessageResponse, RegisterTeamResponse } from "@shared/types/accounts";
import { serverPassword } from "../../auth/password-policy";
import {
  acceptInvite,
  approveUser,
  checkRegistration,
  checkResetToken,
  MESSAGES,
  PARTNER_INVITE_TITLE,
  getInvite,
  listPendingUsers,
  recoverUsername,
  registerTeam,
  rejectUser,
  requestPasswordReset,
  invitePartner,
  resendPartnerInvite,
  resendVerification,
  resetPassword,
  verifyEmail,
} from "./accounts.service";

// Every password a person sets is also checked against the common-password list (server only).
const registerBody = registerSchema.extend({ password: serverPassword });
const acceptInviteBody = acceptInviteSchema.extend({ password: serverPassword });
const resetPasswordBody = resetPasswordSchema.extend({ newPassword: serverPassword });

const TokenParams = z.object({ token: z.string().min(1, "Invalid link.").max(200, "Invalid link.") });
const PendingQuery = z.object({
  page: z.coerce.number().int("Invalid page.").min(1, "Invalid page.").max(1_000_000, "Invalid page.").optional(),
  pageSize: z.coerce.number().int("Invalid page size.").min(1, "Invalid page size.").max(100, "Invalid page size.").optional(),
});

/** The generic answers of recovery, reset and resend: the same whether or not the account exists. */
const generic = (message: string): MessageResponse => ({ message });

const bodyField = (req: Request, field: string): unknown => (req.body as Record<string, unknown> | undefined)?.[field];

/** SPEC §5: 'Missing Required Fields' listing them, then 'Partner Information Required', before the field rules. */
const registrationPresence: RequestHandler = (req, _res, next) => {
  const problem = registrationPresenceError(req.body);
  if (!problem) return next();
  next(
    new AppError(400, problem.message, {
      title: problem.title,
      code: "validation_failed",
      fields: Object.fromEntries(problem.fields.map((f) => [f, problem.message])),
    }),
  );
};

export function accountsRoutes(deps: AppDeps): Router {
  const router = Router();
  const limit = (action: string, accounts?: (req: Request) => unknown[]) =>
    rateLimit({ db: deps.db, logger: deps.logger, action, max: deps.env.AUTH_RATE_LIMIT_MAX, ...(accounts ? { accounts } : {}) });

  router.post(
    "/register-team",
    limit("register", (req) => [bodyField(req, "email"), bodyField(req, "username")]),
    registrationPresence,
    validate({ body: registerBody }, "Team Registration Failed"),
    async (req, res) => {
      const body = input(req.valid.body, registerBody);
      await checkRegistration({ deps, input: body });
      afterResponse(res, deps.logger, "register", () => registerTeam({ deps, input: body }));
      const answer: RegisterTeamResponse = { emailVerificationRequired: true, message: MESSAGES.registered };
      res.status(201).json(answer);
    },
  );

  // Email verification: the emailed link opens a client page, which POSTs here (GET never uses a token).
  router.post("/verify-email/:token", limit("verify-email", (req) => [req.params.token]), validate({ params: TokenParams }), async (req, res) => {
    res.json(await verifyEmail({ deps, token: input(req.valid.params, TokenParams).token }));
  });

  router.post(
    "/resend-verification",
    limit("resend", (req) => [bodyField(req, "email"), req.user ? `user:${req.user.id}` : undefined]),
    validate({ body: resendVerificationSchema }),
    (req, res) => {
      const body = input(req.valid.body, resendVerificationSchema);
      if (!body.email && !req.user) {
        throw new AppError(400, MESSAGES.resendNeedsEmail, { code: "validation_failed", fields: { email: MESSAGES.resendNeedsEmail } });
      }
      const sessionUserId = req.user?.id;
      afterResponse(res, deps.logger, "resend-verification", () =>
        resendVerification({ deps, ...(body.email ? { email: body.email } : {}), ...(sessionUserId !== undefined ? { sessionUserId } : {}) }),
      );
      res.json(generic(MESSAGES.resendSent));
    },
  );

  // Partner invitation: GET only reads; POST chooses the username and password.
  router.get("/invite/:token", validate({ params: TokenParams }), async (req, res) => {
    res.json(await getInvite({ deps, token: input(req.valid.params, TokenParams).token }));
  });
  router.post(
    "/accept-invite/:token",
    limit("accept-invite", (req) => [req.params.token]),
    validate({ params: TokenParams, body: acceptInviteBody }),
    async (req, res) => {
      const body = input(req.valid.body, acceptInviteBody);
      res.json(await acceptInvite({ deps, token: input(req.valid.params, TokenParams).token, username: body.username, password: body.password }));
    },
  );

  router.post("/recover-username", limit("recover", (req) => [bodyField(req, "email")]), validate({ body: recoverUsernameSchema }), (req, res) => {
    const { email } = input(req.valid.body, recoverUsernameSchema);
    afterResponse(res, deps.logger, "recover-username", () => recoverUsername({ deps, email }));
    res.json(generic(MESSAGES.recoverySent));
  });

  router.post(
    "/reset-password",
    limit("reset-request", (req) => [bodyField(req, "username"), bodyField(req, "email")]),
    validate({ body: resetRequestSchema }),
    (req, res) => {
      const body = input(req.valid.body, resetRequestSchema);
      afterResponse(res, deps.logger, "reset-request", () => requestPasswordReset({ deps, username: body.username, email: body.email }));
      res.json(generic(MESSAGES.resetSent));
    },
  );
  router.get("/reset-password/:token", validate({ params: TokenParams }), async (req, res) => {
    res.json(await checkResetToken({ deps, token: input(req.valid.params, TokenParams).token }));
  });
  router.post(
    "/reset-password/:token",
    limit("reset", (req) => [req.params.token]),
    validate({ params: TokenParams, body: resetPasswordBody }, "Password Reset Failed"),
    async (req, res) => {
      res.json(
        await resetPassword({
          deps,
          token: input(req.valid.params, TokenParams).token,
          newPassword: input(req.valid.body, resetPasswordBody).newPassword,
        }),
      );
    },
  );

  // The approval gate.
  router.get("/admin/pending-users", requireAdmin, validate({ query: PendingQuery }), async (req, res) => {
    const q = input(req.valid.query, PendingQuery);
    res.json(await listPendingUsers({ deps, ...(q.page ? { page: q.page } : {}), ...(q.pageSize ? { pageSize: q.pageSize } : {}) }));
  });
  router.post("/admin/approve-user/:id", requireAdmin, validate({ params: IdParams }), async (req, res) => {
    res.json(await approveUser({ deps, userId: input(req.valid.params, IdParams).id, adminId: currentUser(req).id }));
  });
  // A captain whose partner left invites a new one.
  router.post("/teams/:id/partner", requireCaptain, validate({ params: IdParams, body: invitePartnerSchema }, PARTNER_INVITE_TITLE), async (req, res) => {
    const user = currentUser(req);
    res.json(
      await invitePartner({ deps, actor: { id: user.id, teamId: user.teamId }, teamId: input(req.valid.params, IdParams).id, input: input(req.valid.body, invitePartnerSchema) }),
    );
  });

  // A partner's invitation expired or got lost: a new link (the invite page's dead end points here).
  router.post("/admin/users/:id/resend-invite", requireAdmin, validate({ params: IdParams }), async (req, res) => {
    res.json(await resendPartnerInvite({ deps, userId: input(req.valid.params, IdParams).id, adminId: currentUser(req).id }));
  });
  router.post("/admin/reject-user/:id", requireAdmin, validate({ params: IdParams, body: rejectUserSchema }), async (req, res) => {
    res.json(
      await rejectUser({
        deps,
        userId: input(req.valid.params, IdParams).id,
        adminId: currentUser(req).id,
        reason: input(req.valid.body, rejectUserSchema).reason,
      }),
    );
  });

  return router;
}
