import passport, { type PassportStatic } from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import type { Deps } from "../deps";
import type { Request } from "express";
import { loadSessionUser, type SessionUser } from "../modules/auth/current-user";
import { takePreloadedUser } from "./session";
import { authenticateUser } from "../modules/auth/login.service";

/** One passport instance per app (tests run several apps in one process). */
export function createPassport(deps: Deps<"db" | "env">): PassportStatic {
  const { db } = deps;
  const instance = new passport.Passport() as unknown as PassportStatic;
  instance.use(
    new LocalStrategy({ usernameField: "username", passwordField: "password" }, (username, password, done) => {
      authenticateUser(deps, { username, password })
        .then((user) => done(null, user))
        .catch((err: unknown) => done(err));
    }),
  );
  instance.serializeUser((user, done) => done(null, String(user.id)));
  // Arity 3: passport hands us the request. The session store normally read the user in the same
  // statement as the session (fresh, never cached); otherwise it is loaded here.
  instance.deserializeUser((req: Request, id: string, done: (err: unknown, user?: Express.User | false) => void) => {
    const numeric = Number(id);
    const preloaded = takePreloadedUser(req);
    if (!Number.isInteger(numeric)) return done(null, false);
    const accept = (user: SessionUser | null | undefined) => {
      // Suspended users and members of a deleted team are signed out wherever they are.
      if (!user || user.isSuspended || user.teamDeletedAt) return done(null, false);
      done(null, user);
    };
    if (preloaded !== undefined && (preloaded === null || preloaded.id === numeric)) return accept(preloaded);
    loadSessionUser(db, { id: numeric })
      .then(accept)
      .catch((err: unknown) => done(err));
  });
  return instance;
}
