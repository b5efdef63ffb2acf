// Start-up data: the first admin from ADMIN_*, and the demo club on the embedded default.
import { eq, sql } from "drizzle-orm";
import { users } from "@shared/schema";
import type { Db } from "./client";
import type { Env } from "../config/env";
import type { Logger } from "../lib/logger";
import { hashPassword } from "../auth/password";

/** Creates the first admin when no admin exists. Returns true when one was created. */
export async function ensureAdmin(db: Db, env: Env, logger: Logger): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  if (existing) return false;
  if (!env.adminPassword) {
    logger.warn({ event: "admin.missing" }, "No admin exists and ADMIN_PASSWORD is not set: set it to create the first admin.");
    return false;
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${env.ADMIN_USERNAME.toLowerCase()} or lower(${users.email}) = ${env.ADMIN_EMAIL.toLowerCase()}`)
    .limit(1);
  if (taken) {
    logger.warn({ event: "admin.conflict" }, "ADMIN_USERNAME or ADMIN_EMAIL is already used by a member; no admin was created.");
    return false;
  }
  await db.insert(users).values({
    username: env.ADMIN_USERNAME,
    password: await hashPassword(env.adminPassword),
    name: "Club Admin",
    email: env.ADMIN_EMAIL,
    isAdmin: true,
    isApproved: true,
    isEmailVerified: true,
  });
  logger.info({ event: "admin.created", username: env.ADMIN_USERNAME }, "first admin created");
  return true;
}
