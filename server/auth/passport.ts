import passport, { type PassportStatic } from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import type { Db } from "../db/client";
import { loadSessionUser } from "../modules/auth/current-user";
import { authenticateUser } from "../modules/auth/login.service";

/** One passport instance per app (tests run several apps in one process). */
export function createPassport(db: Db, adminEmail: string): PassportStatic {
  const instance = new passport.Passport() as unknown as PassportStatic;
  instance.use(
    new LocalStrategy({ usernameField: "username", passwordField: "password" }, (username, password, done) => {
      authenticateUser({ db, username, password, adminEmail })
        .then((user) => done(null, user))
        .catch((err: unknown) => done(err));
    }),
  );
  instance.serializeUser((user, done) => done(null, String(user.id)));
  instance.deserializeUser((id: string, done) => {
    const numeric = Number(id);
    if (!Number.isInteger(numeric)) return done(null, false);
    loadSessionUser(db, { id: numeric })
      .then((user) => {
        // Suspended users and members of a deleted team are signed out wherever they are.
        if (!user || user.isSuspended || user.teamDeletedAt) return done(null, false);
        done(null, user);
      })
      .catch((err: unknown) => done(err));
  });
  return instance;
}
