import { Router, type Request, type Response } from "express";
import type { PassportStatic } from "passport";
import { loginSchema } from "@shared/validators/auth";
import type { AppDeps } from "../../deps";
import { validate } from "../../middleware/validate";
import { AppError } from "../../lib/app-error";
import { toCurrentUser, type SessionUser } from "./current-user";
import { SESSION_COOKIE } from "../../auth/session";
import { forgiveAttempt, rateLimit } from "../../lib/rate-limit";

export function sessionRoutes(deps: AppDeps, passport: PassportStatic): Router {
  const router = Router();

  router.get("/user", (req, res) => {
    if (!req.user) throw new AppError(401, "Not signed in.", { code: "unauthenticated" });
    res.json(toCurrentUser(req.user));
  });

  const loginLimit = rateLimit({
    db: deps.db,
    logger: deps.logger,
    action: "login",
    max: deps.env.AUTH_RATE_LIMIT_MAX,
    accounts: (req) => [(req.body as Record<string, unknown> | undefined)?.username],
  });

  router.post("/login", loginLimit, validate({ body: loginSchema }, "Login failed"), async (req: Request, res: Response) => {
    const user = await authenticate(passport, req, res).catch((err: unknown) => {
      if (err instanceof AppError) deps.logger.info({ event: "auth.login_refused", code: err.code }, "sign-in refused");
      throw err;
    });
    if (!user) throw new AppError(401, "Invalid username or password", { title: "Login failed" });
    // Only failures count against the account: a correct password takes its attempt back.
    await forgiveAttempt(req);
    // passport 0.7 regenerates the session here: a new session id at every sign-in.
    await logIn(req, user);
    deps.logger.info({ event: "auth.login", userId: user.id }, "signed in");
    res.json(toCurrentUser(user));
  });

  router.post("/logout", (req, res, next) => {
    const userId = req.user?.id;
    req.logout((err) => {
      if (err) return next(err);
      if (!req.session) {
        res.clearCookie(SESSION_COOKIE, { path: "/" });
        return res.json({ message: "You have been successfully logged out" });
      }
      req.session.destroy((destroyErr) => {
        if (destroyErr) return next(destroyErr);
        res.clearCookie(SESSION_COOKIE, { path: "/" });
        if (userId) deps.logger.info({ event: "auth.logout", userId }, "signed out");
        res.json({ message: "You have been successfully logged out" });
      });
    });
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
