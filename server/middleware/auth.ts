// Route guards. Each answers the refusal of docs/product.md, "Permissions"; ownership of a resource is checked in the service's query.
import type { Request, RequestHandler } from "express";
import { AppError } from "../lib/app-error";

export function currentUser(req: Request): Express.User {
  if (!req.user) throw new AppError(401, "Please sign in to continue.");
  return req.user;
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new AppError(401, "Please sign in to continue."));
  next();
};

/** Signed in and email verified (unverified users may only reach the verify-email flow). */
export const requireVerified: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new AppError(401, "Please sign in to continue."));
  if (!req.user.isEmailVerified && !req.user.isAdmin)
    return next(new AppError(403, "Please verify your email address first.", { code: "email_unverified", title: "Email Not Verified" }));
  next();
};

/** Verified and approved by an admin: needed to take part (challenge, report, confirm). */
export const requireApproved: RequestHandler = (req, res, next) => {
  requireVerified(req, res, (err?: unknown) => {
    if (err) return next(err);
    if (!req.user!.isApproved && !req.user!.isAdmin)
      return next(new AppError(403, "Your account is awaiting admin approval.", { code: "pending_approval", title: "Approval Pending" }));
    next();
  });
};

/** A captain of an active team. */
export const requireCaptain: RequestHandler = (req, res, next) => {
  requireApproved(req, res, (err?: unknown) => {
    if (err) return next(err);
    const u = req.user!;
    if (!u.isCaptain || !u.teamId)
      return next(new AppError(403, "Only your team captain can do this.", { code: "captain_only", title: "Captain Only" }));
    next();
  });
};

export const SECOND_FACTOR_ENROLMENT_REQUIRED =
  "Admins must set up two-step sign-in before using the admin panel. Open the Admin Panel to set it up.";

/**
 * An admin whose session may use admin powers: with ADMIN_MFA_REQUIRED, only after setting up the
 * second factor (sessions of enrolled users always passed it: server/modules/auth/auth.routes.ts).
 */
export function hasAdminAccess(user: Express.User | undefined): boolean {
  return Boolean(user?.isAdmin) && (user!.secondFactor === "passed" || user!.secondFactor === "not_enrolled");
}

/** An admin, also one still to set up the second factor (only the set-up routes themselves use this). */
export const requireAdminAnyFactor: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new AppError(401, "Please sign in to continue."));
  if (!req.user.isAdmin)
    return next(new AppError(403, "Access Denied: You need admin privileges to access this page.", { code: "admin_only", title: "Access Denied" }));
  next();
};

export const requireAdmin: RequestHandler = (req, res, next) => {
  requireAdminAnyFactor(req, res, (err?: unknown) => {
    if (err) return next(err);
    if (!hasAdminAccess(req.user))
      return next(new AppError(403, SECOND_FACTOR_ENROLMENT_REQUIRED, { code: "second_factor_enrolment_required", title: "Two-Step Sign-In Required" }));
    next();
  });
};
