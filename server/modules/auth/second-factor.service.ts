// The second factor's rules: enrol (a pending secret), confirm with a code (the secret becomes
// active and 10 recovery codes are made, shown once), verify a code at sign-in (a TOTP code works
// once: its time step must be newer than the last one used; a recovery code works once), and turn it
// off or re-enrol with a current code. docs/decisions/014-accounts-admins-second-factor.md.
import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import { mfaRecoveryCodes, userMfa } from "@shared/schema";
import type { MessageResponse, SecondFactorConfirmed, SecondFactorEnrolment, SecondFactorStatus } from "@shared/types/accounts";
import type { Deps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import {
  hashRecoveryCode,
  isTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  normaliseCode,
  otpauthUri,
  totpStep,
} from "../../auth/second-factor";

export const SECOND_FACTOR_MESSAGES = {
  codeWrong: "That code is not right. Check your authenticator app's clock, or use a recovery code.",
  codeNeeded: "Enter a current code from your authenticator app (or a recovery code) to change two-step sign-in.",
  notStarted: "Start the set-up first: no new authenticator secret is waiting for confirmation.",
  confirmed: "Two-step sign-in is on. Keep your recovery codes somewhere safe: each works once.",
  disabled: "Two-step sign-in is off.",
  requiredCannotDisable: "Two-step sign-in is required for admins on this server. Set it up again on a new device instead of turning it off.",
  notEnrolled: "Two-step sign-in is not set up.",
} as const;

const TITLE = "Two-Step Sign-In";
const PENDING_TTL_MS = 15 * 60 * 1000;

export async function getSecondFactorStatus(deps: TxDeps<"db" | "env">, input: { actor: Pick<Actor, "id"> }): Promise<SecondFactorStatus> {
  const userId = input.actor.id;
  const [row] = await deps.db.select({ enabledAt: userMfa.enabledAt }).from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
  const [left] = await deps.db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return {
    enrolled: Boolean(row?.enabledAt),
    enabledAt: row?.enabledAt ? row.enabledAt.toISOString() : null,
    recoveryCodesLeft: row?.enabledAt ? Number(left?.n ?? 0) : 0,
    required: deps.env.ADMIN_MFA_REQUIRED,
  };
}

/**
 * Checks a code against the user's active second factor and uses it up: a TOTP code's time step
 * must be newer than the last one used (one conditional UPDATE, so two requests cannot both use
 * it), a recovery code is marked used (one conditional UPDATE). False when wrong or already used.
 */
export async function useSecondFactorCode(deps: TxDeps<"db">, input: { userId: number; code: string }): Promise<"totp" | "recovery" | false> {
  const { db } = deps;
  const { userId } = input;
  const code = normaliseCode(input.code);
  if (isTotpCode(code)) {
    const [row] = await db.select({ secret: userMfa.secret }).from(userMfa).where(and(eq(userMfa.userId, userId), sql`${userMfa.enabledAt} is not null`)).limit(1);
    if (!row?.secret) return false;
    const step = totpStep(row.secret, code);
    if (step === null) return false;
    const claimed = await db
      .update(userMfa)
      .set({ lastUsedStep: step })
      .where(and(eq(userMfa.userId, userId), or(isNull(userMfa.lastUsedStep), lt(userMfa.lastUsedStep, step))))
      .returning({ userId: userMfa.userId });
    return claimed.length === 1 ? "totp" : false;
  }
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(code)), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return used.length === 1 ? "recovery" : false;
}

async function isEnrolled(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ enabledAt: userMfa.enabledAt }).from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
  return Boolean(row?.enabledAt);
}

/** A new pending secret. When a second factor is already on, a current code is needed (re-enrolment). */
export async function startEnrolment(
  deps: Deps<"db" | "logger">,
  input: { actor: Pick<Actor, "id" | "username" | "email">; code?: string },
): Promise<SecondFactorEnrolment> {
  const { db } = deps;
  const o = { userId: input.actor.id, label: input.actor.username ?? input.actor.email, code: input.code };
  if (await isEnrolled(db, o.userId)) {
    if (!o.code) throw new AppError(403, SECOND_FACTOR_MESSAGES.codeNeeded, { title: TITLE, code: "second_factor_code_needed" });
    if (!(await useSecondFactorCode(deps, { userId: o.userId, code: o.code }))) throw new AppError(401, SECOND_FACTOR_MESSAGES.codeWrong, { title: TITLE, code: "second_factor_invalid" });
  }
  const secret = newTotpSecret();
  const now = new Date();
  await db
    .insert(userMfa)
    .values({ userId: o.userId, pendingSecret: secret, pendingCreatedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: userMfa.userId, set: { pendingSecret: secret, pendingCreatedAt: now, updatedAt: now } });
  deps.logger.info({ event: "auth.second_factor_enrol_started", userId: o.userId }, "second factor set-up started");
  return { secret, otpauthUri: otpauthUri(secret, o.label) };
}

/** The pending secret becomes the active one when a code from it is right; old recovery codes are replaced. */
export async function confirmEnrolment(deps: Deps<"db" | "logger">, input: { actor: Pick<Actor, "id">; code: string }): Promise<SecondFactorConfirmed> {
  const o = { userId: input.actor.id, code: input.code };
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(userMfa).where(eq(userMfa.userId, o.userId)).for("update").limit(1);
    const fresh = row?.pendingSecret && row.pendingCreatedAt && row.pendingCreatedAt.getTime() > Date.now() - PENDING_TTL_MS;
    if (!row?.pendingSecret || !fresh) throw new AppError(409, SECOND_FACTOR_MESSAGES.notStarted, { title: TITLE, code: "second_factor_not_started" });
    const step = totpStep(row.pendingSecret, normaliseCode(o.code));
    if (step === null) throw new AppError(401, SECOND_FACTOR_MESSAGES.codeWrong, { title: TITLE, code: "second_factor_invalid" });
    const now = new Date();
    await tx
      .update(userMfa)
      .set({ secret: row.pendingSecret, enabledAt: now, pendingSecret: null, pendingCreatedAt: null, lastUsedStep: step, updatedAt: now })
      .where(eq(userMfa.userId, o.userId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, o.userId));
    await tx.insert(mfaRecoveryCodes).values(codes.map((c) => ({ userId: o.userId, codeHash: hashRecoveryCode(c) })));
  });
  deps.logger.info({ event: "auth.second_factor_enrolled", userId: o.userId }, "second factor on");
  return { message: SECOND_FACTOR_MESSAGES.confirmed, recoveryCodes: codes };
}

/** Turns the second factor off with a current code (refused while admins must have one). */
export async function disableSecondFactor(
  deps: Deps<"db" | "logger" | "env">,
  input: { actor: Pick<Actor, "id" | "isAdmin">; code: string },
): Promise<MessageResponse> {
  const o = { userId: input.actor.id, isAdmin: input.actor.isAdmin, code: input.code };
  if (o.isAdmin && deps.env.ADMIN_MFA_REQUIRED) throw new AppError(409, SECOND_FACTOR_MESSAGES.requiredCannotDisable, { title: TITLE, code: "second_factor_required" });
  if (!(await isEnrolled(deps.db, o.userId))) throw new AppError(409, SECOND_FACTOR_MESSAGES.notEnrolled, { title: TITLE, code: "second_factor_not_enrolled" });
  if (!(await useSecondFactorCode(deps, { userId: o.userId, code: o.code }))) throw new AppError(401, SECOND_FACTOR_MESSAGES.codeWrong, { title: TITLE, code: "second_factor_invalid" });
  await deps.db.transaction(async (tx) => {
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, o.userId));
    await tx.delete(userMfa).where(eq(userMfa.userId, o.userId));
  });
  deps.logger.info({ event: "auth.second_factor_disabled", userId: o.userId }, "second factor off");
  return { message: SECOND_FACTOR_MESSAGES.disabled };
}
