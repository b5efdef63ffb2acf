import type { Request, Router } from "express";
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
import { pendingUsersQuerySchema } from "@shared/validators/admin";
import { adminUserActionResultSchema } from "@shared/types/admin";
import type { AppDeps } from "../../deps";
import { IdParams } from "../../middleware/validate";
import { currentUser } from "../../middleware/auth";
import { AppError } from "../../lib/app-error";
import { rateLimit, type RateLimitOptions } from "../../lib/rate-limit";
import { apiRouter, listRead, tokenRead } from "../../lib/route";
import { afterResponse } from "../../lib/after-response";
import {
  acceptInviteResponseSchema,
  inviteViewSchema,
  messageResponseSchema,
  registerTeamResponseSchema,
  resetTokenStatusSchema,
  verifyEmailResponseSchema,
  type MessageResponse,
  type RegisterTeamResponse,
} from "@shared/types/accounts";
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
import { pendingUsersPageSchema, approvalResponseSchema } from "@shared/types/accounts";

// Every password a person sets is also checked against the common-password list (server only).
const registerBody = registerSchema.extend({ password: serverPassword });
const acceptInviteBody = acceptInviteSchema.extend({ password: serverPassword });
const resetPasswordBody = resetPasswordSchema.extend({ newPassword: serverPassword });

const TokenParams = z.object({ token: z.string().min(1, "Invalid link.").max(200, "Invalid link.") });

/** The generic answers of recovery, reset and resend: the same whether or not the account exists. */
const generic = (message: string): MessageResponse => ({ message });

/** docs/product.md, "Registration": 'Missing Required Fields' listing them, then 'Partner Information Required', before the field rules. */
function registrationPresence(body: unknown): AppError | undefined {
  const problem = registrationPresenceError(body);
  if (!problem) return undefined;
  return new AppError(400, problem.message, {
    title: problem.title,
    code: "validation_failed",
    fields: Object.fromEntries(problem.fields.map((f) => [f, problem.message])),
  });
}

export function accountsRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);
  const limit = (action: string, accounts: Pick<RateLimitOptions, "accounts" | "bodyAccounts">) =>
    rateLimit({ db: deps.db, logger: deps.logger, action, max: deps.env.AUTH_RATE_LIMIT_MAX, ...accounts });
  const tokenOf = (req: Request) => [req.params.token];

  route({
    method: "post",
    path: "/register-team",
    guard: "public",
    limit: limit("register", { bodyAccounts: (body) => [body.email, body.username] }),
    // Checked by checkRegistration, which reports every problem of the body at once.
    body: z.unknown(),
    precheck: registrationPresence,
    errorTitle: "Team Registration Failed",
    response: registerTeamResponseSchema,
    successStatus: 201,
    handler: async (_req, res, { body }) => {
      const input = await checkRegistration(deps, { body, schema: registerBody });
      afterResponse(res, deps.logger, "register", () => registerTeam(deps, input));
      const answer: RegisterTeamResponse = { emailVerificationRequired: true, message: MESSAGES.registered };
      res.status(201).json(answer);
    },
  });

  // Email verification: the emailed link opens a client page, which POSTs here (GET never uses a token).
  route({
    method: "post",
    path: "/verify-email/:token",
    guard: "token",
    limit: limit("verify-email", { accounts: tokenOf }),
    params: TokenParams,
    response: verifyEmailResponseSchema,
    handler: async (_req, res, { params }) => {
      res.json(await verifyEmail(deps, { token: params.token }));
    },
  });

  route({
    method: "post",
    path: "/resend-verification",
    guard: "public",
    limit: limit("resend", { accounts: (req) => [req.user ? `user:${req.user.id}` : undefined], bodyAccounts: (body) => [body.email] }),
    body: resendVerificationSchema,
    response: messageResponseSchema,
    handler: (req, res, { body }) => {
      if (!body.email && !req.user) {
        throw new AppError(400, MESSAGES.resendNeedsEmail, { code: "validation_failed", fields: { email: MESSAGES.resendNeedsEmail } });
      }
      const actor = req.user;
      afterResponse(res, deps.logger, "resend-verification", () =>
        resendVerification(deps, { ...(body.email ? { email: body.email } : {}), ...(actor ? { actor } : {}) }),
      );
      res.json(generic(MESSAGES.resendSent));
    },
  });

  /** What an emailed link opens (GET): read only, never cached; the token is checked by the service. */

  // Partner invitation: GET only reads; POST chooses the username and password.
  tokenRead(route, deps, "/invite/:token", TokenParams, getInvite, inviteViewSchema);
  route({
    method: "post",
    path: "/accept-invite/:token",
    guard: "token",
    limit: limit("accept-invite", { accounts: tokenOf }),
    params: TokenParams,
    body: acceptInviteBody,
    response: acceptInviteResponseSchema,
    handler: async (_req, res, { params, body }) => {
      res.json(await acceptInvite(deps, { token: params.token, username: body.username, password: body.password }));
    },
  });

  route({
    method: "post",
    path: "/recover-username",
    guard: "public",
    limit: limit("recover", { bodyAccounts: (body) => [body.email] }),
    body: recoverUsernameSchema,
    response: messageResponseSchema,
    handler: (_req, res, { body }) => {
      afterResponse(res, deps.logger, "recover-username", () => recoverUsername(deps, { email: body.email }));
      res.json(generic(MESSAGES.recoverySent));
    },
  });

  route({
    method: "post",
    path: "/reset-password",
    guard: "public",
    limit: limit("reset-request", { bodyAccounts: (body) => [body.username, body.email] }),
    body: resetRequestSchema,
    response: messageResponseSchema,
    handler: (_req, res, { body }) => {
      afterResponse(res, deps.logger, "reset-request", () => requestPasswordReset(deps, { username: body.username, email: body.email }));
      res.json(generic(MESSAGES.resetSent));
    },
  });
  tokenRead(route, deps, "/reset-password/:token", TokenParams, checkResetToken, resetTokenStatusSchema);
  route({
    method: "post",
    path: "/reset-password/:token",
    guard: "token",
    limit: limit("reset", { accounts: tokenOf }),
    params: TokenParams,
    body: resetPasswordBody,
    response: messageResponseSchema,
    errorTitle: "Password Reset Failed",
    handler: async (_req, res, { params, body }) => {
      res.json(await resetPassword(deps, { token: params.token, newPassword: body.newPassword }));
    },
  });

  // The approval gate.
  listRead(route, deps, "/admin/pending-users", "admin", pendingUsersQuerySchema, "uncached", listPendingUsers, pendingUsersPageSchema);
  route({
    method: "post",
    path: "/admin/approve-user/:id",
    guard: "admin",
    params: IdParams,
    response: approvalResponseSchema,
    handler: async (req, res, { params }) => {
      res.json(await approveUser(deps, { userId: params.id, actor: currentUser(req) }));
    },
  });
  // A captain whose partner left invites a new one.
  route({
    method: "post",
    path: "/teams/:id/partner",
    guard: "captain",
    params: IdParams,
    body: invitePartnerSchema,
    errorTitle: PARTNER_INVITE_TITLE,
    response: messageResponseSchema,
    handler: async (req, res, { params, body }) => {
      res.json(await invitePartner(deps, { ...body, teamId: params.id, actor: currentUser(req) }));
    },
  });

  // A partner's invitation expired or got lost: a new link (the invite page's dead end points here).
  route({
    method: "post",
    path: "/admin/users/:id/resend-invite",
    guard: "admin",
    params: IdParams,
    response: adminUserActionResultSchema,
    handler: async (req, res, { params }) => {
      res.json(await resendPartnerInvite(deps, { userId: params.id, actor: currentUser(req) }));
    },
  });

  route({
    method: "post",
    path: "/admin/reject-user/:id",
    guard: "admin",
    params: IdParams,
    body: rejectUserSchema,
    response: approvalResponseSchema,
    handler: async (req, res, { params, body }) => {
      res.json(await rejectUser(deps, { userId: params.id, reason: body.reason, actor: currentUser(req) }));
    },
  });

  return router;
}
