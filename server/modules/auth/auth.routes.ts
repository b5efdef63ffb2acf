import type { Request, Response, Router } from "express";
import type { PassportStatic } from "passport";
import { loginSchema, secondFactorCodeSchema, secondFactorEnrolSchema } from "@shared/validators/auth";
import type { z, ZodType } from "zod";
import { currentUserSchema } from "@shared/api";
import {
  messageResponseSchema,
  secondFactorChallengeSchema,
  secondFactorConfirmedSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
  type SecondFactorChallenge,
} from "@shared/types/accounts";
import type { AppDeps } from "../../deps";
import { apiRouter, ownRead } from "../../lib/route";
import { currentUser } from "../../middleware/auth";
import { AppError } from "../../lib/app-error";
import { loadSessionUser, toCurrentUser, type SessionUser } from "./current-user";
import { SESSION_COOKIE } from "../../auth/session";
import { forgiveAttempt, rateLimit } from "../../lib/rate-limit";
import { PENDING_MAX_ATTEMPTS, PENDING_TTL_MS, secondFactorState } from "../../auth/second-factor";
import { clearSignedInMarker, setSignedInMarker, signedInMarker } from "../../auth/signed-in-marker";
import { endedSessionRefusal, refuseBlockedUser } from "./login.service";
import { confirmEnrolment, disableSecondFactor, getSecondFactorStatus, SECOND_FACTOR_MESSAGES, startEnrolment, useSecondFactorCode } from "./second-factor.service";
import { endOtherSessions } from "./sessions";
import { servedOverHttps } from "../../config/env";

export const SECOND_FACTOR_STEP = {
  asked: "Enter the 6-digit code from your authenticator app.",
  expired: "Your sign-in has timed out. Please enter your username and password again.",
  tooMany: "Too many wrong codes. Please enter your username and password again.",
} as const;

export function sessionRoutes(deps: AppDeps, passport: PassportStatic): Router {
  const { router, route } = apiRouter(deps);
  const marker = { secret: deps.env.SESSION_SECRET, secure: servedOverHttps(deps.env.APP_URL) };

  // Every request: where the signed-in user stands on the second factor. An enrolled user's session
  // that did not pass the code step is not signed in (it cannot normally exist: such users are only
  // signed in by the code step or by enrolling, which ends their other sessions).
  router.use((req, _res, next) => {
    if (!req.user) return next();
    const state = secondFactorState(req.user, req.session?.secondFactor, deps.env.ADMIN_MFA_REQUIRED);
    if (state === "not_passed") req.user = undefined;
    else req.user.secondFactor = state;
    next();
  });

  route({
    method: "get",
    path: "/user",
    guard: "public",
    cache: "uncached",
    response: currentUserSchema,
    handler: async (req, res) => {
      if (!req.user) {
        // A session an admin ended (suspension, deleted team): say why to the browser that held it.
        const lastMember = signedInMarker(req, marker.secret);
        const refusal = lastMember === null ? null : await endedSessionRefusal(deps, { userId: lastMember });
        if (refusal) throw new AppError(401, refusal.message, { title: refusal.title, code: refusal.code });
        throw new AppError(401, "Not signed in.", { code: "unauthenticated" });
      }
      res.json(toCurrentUser(req.user));
    },
  });

  const loginLimit = rateLimit({
    db: deps.db,
    logger: deps.logger,
    action: "login",
    max: deps.env.AUTH_RATE_LIMIT_MAX,
    bodyAccounts: (body) => [body.username],
  });

  route({
    method: "post",
    path: "/login",
    guard: "public",
    limit: loginLimit,
    body: loginSchema,
    errorTitle: "Login failed",
    // Signed in, or (an account with a second factor) the code step is next.
    response: currentUserSchema.or(secondFactorChallengeSchema),
    handler: async (req, res) => {
      const user = await authenticate(passport, req, res).catch((err: unknown) => {
        if (err instanceof AppError) deps.logger.info({ event: "auth.login_refused", code: err.code }, "sign-in refused");
        throw err;
      });
      if (!user) throw new AppError(401, "Invalid username or password", { title: "Login failed" });
      // Only failures count against the account: a correct password takes its attempt back.
      await forgiveAttempt(req);
      if (user.mfaEnabledAt) {
        // Not signed in yet: a new session that only remembers who passed the password, for a while.
        await regenerate(req);
        req.session.pendingSecondFactor = { userId: user.id, expiresAt: Date.now() + PENDING_TTL_MS, attempts: 0 };
        deps.logger.info({ event: "auth.login_second_factor_asked", userId: user.id }, "password right; code step next");
        const answer: SecondFactorChallenge = { secondFactorRequired: true, message: SECOND_FACTOR_STEP.asked };
        return res.json(answer);
      }
      // passport 0.7 regenerates the session here: a new session id at every sign-in.
      await logIn(req, user);
      user.secondFactor = secondFactorState(user, undefined, deps.env.ADMIN_MFA_REQUIRED) as SessionUser["secondFactor"];
      deps.logger.info({ event: "auth.login", userId: user.id }, "signed in");
      setSignedInMarker(res, marker, user.id);
      res.json(toCurrentUser(user));
    },
  });

  // The code step: a TOTP code or a recovery code, for the user who just passed the password.
  const codeLimit = rateLimit({
    db: deps.db,
    logger: deps.logger,
    action: "second-factor",
    max: deps.env.AUTH_RATE_LIMIT_MAX,
    accounts: (req) => [req.session?.pendingSecondFactor ? `user:${req.session.pendingSecondFactor.userId}` : undefined],
  });
  route({
    method: "post",
    path: "/login/second-factor",
    guard: "public",
    limit: codeLimit,
    body: secondFactorCodeSchema,
    errorTitle: "Login failed",
    response: currentUserSchema,
    handler: async (req, res, { body }) => {
      const pending = req.session?.pendingSecondFactor;
      if (!pending || pending.expiresAt < Date.now()) {
        if (req.session) delete req.session.pendingSecondFactor;
        throw new AppError(401, SECOND_FACTOR_STEP.expired, { title: "Login failed", code: "second_factor_expired" });
      }
      const used = await useSecondFactorCode(deps, { userId: pending.userId, code: body.code });
      if (!used) {
        pending.attempts += 1;
        deps.logger.info({ event: "auth.second_factor_failed", userId: pending.userId, attempts: pending.attempts }, "wrong second-factor code");
        if (pending.attempts >= PENDING_MAX_ATTEMPTS) {
          delete req.session.pendingSecondFactor;
          throw new AppError(401, SECOND_FACTOR_STEP.tooMany, { title: "Login failed", code: "second_factor_expired" });
        }
        throw new AppError(401, SECOND_FACTOR_MESSAGES.codeWrong, { title: "Login failed", code: "second_factor_invalid" });
      }
      const user = await loadSessionUser(deps.db, { id: pending.userId });
      if (!user) throw new AppError(401, SECOND_FACTOR_STEP.expired, { title: "Login failed", code: "second_factor_expired" });
      refuseBlockedUser(user, deps.env.ADMIN_EMAIL);
      await forgiveAttempt(req);
      await logIn(req, user);
      req.session.secondFactor = { userId: user.id, at: Date.now() };
      user.secondFactor = "passed";
      deps.logger.info({ event: "auth.login", userId: user.id, secondFactor: used }, "signed in with a second factor");
      setSignedInMarker(res, marker, user.id);
      res.json(toCurrentUser(user));
    },
  });

  route({
    method: "post",
    path: "/logout",
    guard: "public",
    response: messageResponseSchema,
    handler: async (req, res) => {
      const userId = req.user?.id;
      clearSignedInMarker(res, marker);
      await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err) : resolve())));
      if (req.session) {
        await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
        if (userId) deps.logger.info({ event: "auth.logout", userId }, "signed out");
      }
      res.clearCookie(SESSION_COOKIE, { path: "/" });
      res.json({ message: "You have been successfully logged out" });
    },
  });

  // Setting up the second factor: admins (also while they must enrol before anything else).
  const changeLimit = rateLimit({
    db: deps.db,
    logger: deps.logger,
    action: "second-factor",
    max: deps.env.AUTH_RATE_LIMIT_MAX,
    accounts: (req) => [req.user ? `user:${req.user.id}` : undefined],
  });

  ownRead(route, deps, "/second-factor", "adminAnyFactor", getSecondFactorStatus, secondFactorStatusSchema);
  route({
    method: "post",
    path: "/second-factor/enrol",
    guard: "adminAnyFactor",
    limit: changeLimit,
    body: secondFactorEnrolSchema,
    errorTitle: "Two-Step Sign-In",
    response: secondFactorEnrolmentSchema,
    handler: async (req, res, { body }) => {
      res.json(await startEnrolment(deps, { actor: currentUser(req), ...(body.code ? { code: body.code } : {}) }));
    },
  });
  // Turning the second factor on or off: a code of the authenticator app, counted against the limit.
  const withCode = <R extends ZodType>(path: string, response: R, change: (req: Request, u: SessionUser, code: string) => Promise<z.output<R>>) =>
    route({
      method: "post",
      path,
      guard: "adminAnyFactor",
      limit: changeLimit,
      body: secondFactorCodeSchema,
      errorTitle: "Two-Step Sign-In",
      response,
      handler: async (req, res, { body }) => {
        const result = await change(req, currentUser(req), body.code);
        await forgiveAttempt(req);
        res.json(result);
      },
    });
  withCode("/second-factor/confirm", secondFactorConfirmedSchema, async (req, u, code) => {
    const result = await confirmEnrolment(deps, { actor: u, code });
    // This session passed it; every other session of this user ends (they never did).
    req.session.secondFactor = { userId: u.id, at: Date.now() };
    await endOtherSessions(deps.db, u.id, req.sessionID);
    deps.logger.info({ event: "admin.second_factor_enrolled", adminId: u.id }, "admin turned two-step sign-in on");
    return result;
  });
  withCode("/second-factor/disable", messageResponseSchema, async (req, u, code) => {
    const result = await disableSecondFactor(deps, { actor: u, code });
    delete req.session.secondFactor;
    deps.logger.info({ event: "admin.second_factor_disabled", adminId: u.id }, "admin turned two-step sign-in off");
    return result;
  });

  return router;
}

/** passport's local strategy as a promise: the user, or false when the credentials are wrong. */
function authenticate(passport: PassportStatic, req: Request, res: Response): Promise<SessionUser | false> {
  return new Promise((resolve, reject) => {
    passport.authenticate("local", (err: unknown, user: SessionUser | false) => (err ? reject(err) : resolve(user)))(req, res, reject);
  });
}

/** req.login as a promise (a new session id, the user in it). */
function logIn(req: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) => req.login(user, (err: unknown) => (err ? reject(err) : resolve())));
}

/** A new session id and empty data (a fixed session id must not survive the password step). */
function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err: unknown) => (err ? reject(err) : resolve())));
}
