import { Router, type NextFunction, type Request, type Response } from "express";
import type { PassportStatic } from "passport";
import { loginSchema } from "@shared/validators/auth";
import type { AppDeps } from "../../deps";
import { validate } from "../../middleware/validate";
import { AppError } from "../../lib/app-error";
import { toCurrentUser, type SessionUser } from "./current-user";
import { SESSION_COOKIE } from "../../auth/session";
import { rateLimit } from "../../lib/rate-limit";

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

  router.post("/login", loginLimit, validate({ body: loginSchema }, "Login failed"), (req: Request, res: Response, next: NextFunction) => {
    passport.authenticate("local", (err: unknown, user: SessionUser | false) => {
      if (err) {
        if (err instanceof AppError) deps.logger.info({ event: "auth.login_refused", code: err.code }, "sign-in refused");
        return next(err);
      }
      if (!user) return next(new AppError(401, "Invalid username or password", { title: "Login failed" }));
      // passport 0.7 regenerates the session here: a new session id at every sign-in.
      req.login(user, (loginErr) => {
        if (loginErr) return next(loginErr);
        deps.logger.info({ event: "auth.login", userId: user.id }, "signed in");
        res.json(toCurrentUser(user));
      });
    })(req, res, next);
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
