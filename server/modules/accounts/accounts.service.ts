// The account rules: registration, email verification, partner invitation, recovery, reset and the
// admin approval gate. Plain functions with one options object; they never see req/res and throw AppError.
import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { authTokens, teams, users } from "@shared/schema";
import type { InvitePartnerInput, RegisterInput } from "@shared/validators/auth";
import type { Page, PageQuery } from "@shared/paging";
import { offsetOf, pageOf } from "../../lib/paging";
import type {
  AcceptInviteResponse,
  ApprovalResponse,
  InviteView,
  MessageResponse,
  PendingUser,
  ResetTokenStatus,
  VerifyEmailResponse,
} from "@shared/types/accounts";
import type { AdminUserActionResult } from "@shared/types/admin";
import type { DbOrTx } from "../../db/client";
import type { Deps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import type { MailMessage } from "../../mail/mailer";
import type { ZodType } from "zod";
import { queueMail, type EventType } from "../../mail/outbox";
import { tell } from "../notifications/notifications.service";
import { AppError } from "../../lib/app-error";
import { zodFields } from "../../middleware/validate";
import { hashPassword } from "../../auth/password";
import { consumeToken, issueToken, peekToken, tokenOwner } from "../../auth/tokens";
import { endSessionsOfUsers } from "../../auth/session";
import {
  accountApprovedEmail,
  partnerInviteEmail,
  partnerJoinedEmail,
  partnerInviteNotSentEmail,
  passwordChangedEmail,
  passwordResetEmail,
  registrationRejectedEmail,
  usernameRecoveryEmail,
  verificationEmail,
  addressInUseEmail,
  partnerAddressInUseEmail,
  registrationNotCompletedEmail,
  welcomeEmail,
} from "./accounts.emails";
import { markLadderRanksChanged } from "../ladder";

export const MESSAGES = {
  registered: "Registration successful! Please check your email to verify your account before logging in.",
  usernameTaken: "That username is already taken. Please choose another.",
  partnerEmailSame: "Your partner's email address must be different from yours.",
  recoverySent: "If an account exists for that email, we have sent the username.",
  resetSent: "If an account matches that username and email, we have sent a password reset link.",
  resendSent: "If that account still needs to verify its email, we have sent a new verification link.",
  resendNeedsEmail: "Please enter a valid email address",
  invalidVerification: "This verification link is invalid or has expired. Please request a new verification email.",
  emailVerified: "Email Verified! Your email address has been confirmed.",
  alreadyVerified: "Your email address is already verified. You can sign in.",
  invalidReset: "This password reset link is invalid or has expired. Please request a new one.",
  passwordReset: "Your password has been reset. You can now sign in with your new password.",
  invalidInvite:
    "This invitation link is invalid or has expired. An administrator can send you a new one (Manage Teams, Resend invitation): ask your captain or write to the club's administrator.",
  inviteNotNeeded: "This member already has a login of their own; there is no invitation to resend.",
  inviteAccepted: "Your account is ready. You can now sign in with your new username and password.",
  inviteAlreadyAccepted: "This invitation has already been accepted.",
  userNotFound: "User not found.",
  alreadyApproved: "This user is already approved. Suspend the account instead.",
  cannotRejectAdmin: "An admin account cannot be rejected.",
} as const;

const REGISTRATION_TITLE = "Team Registration Failed";

/** Queues mail that changes nothing by itself (notices, resent links): in its own statement. */
const queue = (deps: Deps<"db">, event: EventType, message: MailMessage) => queueMail(deps.db, event, message);

/** The name of the unique index a Postgres error violated (drizzle wraps driver errors in `cause`). */
function uniqueViolation(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    const e = cur as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown };
    if (e.code === "23505") {
      if (typeof e.constraint === "string") return e.constraint;
      const text = `${String(e.detail ?? "")} ${String(e.message ?? "")}`;
      if (text.includes("username")) return "users_username_lower_uq";
      if (text.includes("email")) return "users_email_lower_uq";
      return "unknown";
    }
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

const lower = (v: string) => v.trim().toLowerCase();

// ---------------------------------------------------------------------------------------------
// Registration. The answer depends on the input alone (usernames are public on the ladder, so a
// taken one may be said); whether an email address already has an account is never answered: the
// route answers the generic success and calls registerTeam after the response. A taken address gets
// a notice mail instead of a new account (docs/decisions/014-accounts-admins-second-factor.md).

const sentence = (m: string): string => (/[.!?]$/.test(m) ? m : `${m}.`);

/**
 * The checks made before answering, all at once: the body's field rules (`schema`) and the conflicts
 * the input alone decides (a taken username: usernames are public; the partner's address equal to
 * the captain's). Every problem is in `fields`, so the form marks them all; the message is the only
 * problem, or all of them ('3 problems: …'). 400 when a field rule fails, else 409. None of them
 * looks at an email address already in use (docs/product.md#registration).
 */
export async function checkRegistration(
  deps: Deps<"db">,
  input: { body: unknown; schema: ZodType<RegisterInput> },
): Promise<RegisterInput> {
  const parsed = input.schema.safeParse(input.body ?? {});
  const fields: Record<string, string> = parsed.success ? {} : zodFields(parsed.error);
  const raw = (input.body && typeof input.body === "object" ? input.body : {}) as Record<string, unknown>;
  const text = (key: string): string | null => (typeof raw[key] === "string" ? (raw[key] as string).trim() : null);
  let conflict = false;
  const email = text("email");
  const partnerEmail = text("partnerEmail");
  if (email && partnerEmail && lower(email) === lower(partnerEmail) && !fields.partnerEmail) {
    fields.partnerEmail = MESSAGES.partnerEmailSame;
    conflict = true;
  }
  const username = text("username");
  if (username && !fields.username) {
    const [taken] = await deps.db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${lower(username)}`).limit(1);
    if (taken) {
      fields.username = MESSAGES.usernameTaken;
      conflict = true;
    }
  }
  const problems = Object.values(fields);
  if (problems.length === 0 && parsed.success) return parsed.data;
  const status = parsed.success && conflict ? 409 : 400;
  const message = problems.length === 1 ? problems[0]! : `${problems.length} problems: ${problems.map(sentence).join(" ")}`;
  throw new AppError(status, message, { title: REGISTRATION_TITLE, code: status === 409 ? "conflict" : "validation_failed", fields });
}

/**
 * Team, captain and partner in one transaction; the captain verifies their email, the partner gets
 * an invitation. Runs after the answer. An address that already has an account gets a notice (and
 * nothing is created); a username taken meanwhile by a racing registration is mailed to the captain.
 */
export async function registerTeam(deps: Deps<"db" | "env" | "logger">, input: RegisterInput): Promise<void> {
  const { db, env, logger } = deps;
  const username = input.username.trim();
  const name = input.name.trim();
  const email = input.email.trim();
  const partnerEmail = input.partnerEmail.trim();
  const teamName = input.teamName.trim();
  const passwordHash = await hashPassword(input.password);

  const addressesInUse = async () =>
    db
      .select({ name: users.name, email: users.email, username: users.username })
      .from(users)
      .where(sql`lower(${users.email}) in (${lower(email)}, ${lower(partnerEmail)})`);
  const inUse = await addressesInUse();
  if (inUse.length > 0) return noticeAddressesInUse(deps, { input, inUse });

  let created: { teamId: number; captainId: number; partnerId: number; verifyToken: string; inviteToken: string };
  try {
    created = await db.transaction(async (tx) => {
      const [team] = await tx
        .insert(teams)
        .values({ name: teamName, competitionType: input.competitionType, isApproved: false, avatar: input.teamAvatar ?? null, bio: input.teamBio?.trim() || null })
        .returning({ id: teams.id });
      if (!team) throw new Error("team insert returned nothing");
      const [captain, partner] = await tx
        .insert(users)
        .values([
          {
            username,
            password: passwordHash,
            name,
            email,
            avatar: input.avatar ?? null,
            teamId: team.id,
            isCaptain: true,
            isPartner: false,
            isApproved: false,
            isEmailVerified: false,
          },
          {
            username: null,
            password: null,
            name: input.partnerName.trim(),
            email: partnerEmail,
            teamId: team.id,
            isCaptain: false,
            isPartner: true,
            isApproved: false,
            isEmailVerified: false,
          },
        ])
        .returning({ id: users.id });
      if (!captain || !partner) throw new Error("user insert returned nothing");
      const verifyToken = await issueToken(tx, { purpose: "email_verification", userId: captain.id });
      const inviteToken = await issueToken(tx, { purpose: "partner_invite", userId: partner.id });
      // The captain's verification link and the partner's invitation, queued with the accounts.
      await queueMail(tx, "account.verification", verificationEmail({ appUrl: env.APP_URL, to: email, name, token: verifyToken }));
      await queueMail(
        tx,
        "account.verification",
        partnerInviteEmail({ appUrl: env.APP_URL, to: partnerEmail, partnerName: input.partnerName.trim(), captainName: name, teamName, token: inviteToken }),
      );
      return { teamId: team.id, captainId: captain.id, partnerId: partner.id, verifyToken, inviteToken };
    });
  } catch (err) {
    const violated = uniqueViolation(err);
    if (!violated) throw err;
    // A registration that raced this one took the username or an address first.
    if (violated === "users_username_lower_uq") {
      logger.info({ event: "auth.register_refused", reason: "username_taken" }, "registration refused: username taken meanwhile");
      await queue(deps, "account.registration", registrationNotCompletedEmail({ appUrl: env.APP_URL, to: email, name, reason: "username", username }));
      return;
    }
    return noticeAddressesInUse(deps, { input, inUse: await addressesInUse() });
  }

  logger.info({ event: "auth.register", userId: created.captainId, partnerId: created.partnerId, teamId: created.teamId }, "team registered");
}

/**
 * Nothing is created. The owner of each address already in use is told someone tried it; when only
 * the partner's address is in use, the captain's (new) address learns the registration did not go
 * through. No answer of the API says any of this.
 */
async function noticeAddressesInUse(
  deps: Deps<"db" | "env" | "logger">,
  o: { input: RegisterInput; inUse: { name: string; email: string; username: string | null }[] },
): Promise<void> {
  const { input, inUse } = o;
  const appUrl = deps.env.APP_URL;
  const owner = (address: string) => inUse.find((u) => lower(u.email) === lower(address));
  const captainOwner = owner(input.email);
  const partnerOwner = owner(input.partnerEmail);
  if (captainOwner) {
    await queue(deps, "account.registration", addressInUseEmail({ appUrl, to: captainOwner.email, name: captainOwner.name, username: captainOwner.username, teamName: input.teamName.trim() }));
  }
  if (partnerOwner) {
    await queue(
      deps,
      "account.registration",
      partnerAddressInUseEmail({ appUrl, to: partnerOwner.email, name: partnerOwner.name, captainName: input.name.trim(), teamName: input.teamName.trim() }),
    );
    if (!captainOwner) {
      await queue(deps, "account.registration", registrationNotCompletedEmail({ appUrl, to: input.email.trim(), name: input.name.trim(), reason: "partner-address" }));
    }
  }
  deps.logger.info(
    { event: "auth.register_refused", reason: "address_in_use", captainAddress: Boolean(captainOwner), partnerAddress: Boolean(partnerOwner) },
    "registration refused: an address already has an account (owners notified)",
  );
}

// ---------------------------------------------------------------------------------------------
// Email verification

export async function verifyEmail(deps: Deps<"db" | "env" | "logger">, o: { token: string }): Promise<VerifyEmailResponse> {
  const alreadyVerified = async (): Promise<VerifyEmailResponse | null> => {
    // A link opened again (a second click, a mail app's preview) after it did its work: say so.
    const userId = await tokenOwner(deps.db, o.token, "email_verification");
    if (userId === null) return null;
    const [u] = await deps.db.select({ verified: users.isEmailVerified, isApproved: users.isApproved }).from(users).where(eq(users.id, userId)).limit(1);
    return u?.verified ? { message: MESSAGES.alreadyVerified, isApproved: u.isApproved, alreadyVerified: true } : null;
  };
  const user = await deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, o.token, "email_verification");
    if (!row?.userId) return null;
    const [u] = await tx
      .update(users)
      .set({ isEmailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, name: users.name, email: users.email, isApproved: users.isApproved });
    if (!u) throw new AppError(400, MESSAGES.invalidVerification, { title: "Verification Failed", code: "invalid_token" });
    // Older verification links of this user die with this one.
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, u.id), eq(authTokens.purpose, "email_verification"), isNull(authTokens.usedAt)));
    await tell(tx, { type: "account.verified", userIds: [u.id], link: "/", mail: welcomeEmail({ appUrl: deps.env.APP_URL, to: u.email, name: u.name, approved: u.isApproved }) });
    return u;
  });
  if (!user) {
    const answer = await alreadyVerified();
    if (answer) return answer;
    throw new AppError(400, MESSAGES.invalidVerification, { title: "Verification Failed", code: "invalid_token" });
  }
  deps.logger.info({ event: "auth.email_verified", userId: user.id }, "email verified");
  return { message: MESSAGES.emailVerified, isApproved: user.isApproved, alreadyVerified: false };
}

/**
 * Sends a fresh verification link (or, for a partner who has no login yet, a fresh invitation).
 * Runs after the answer, which is the same whether or not the address belongs to anyone.
 */
export async function resendVerification(deps: Deps<"db" | "env" | "logger">, o: { email?: string; actor?: Pick<Actor, "id"> }): Promise<void> {
  const { db, env } = deps;
  if (!o.email && !o.actor) return;
  const where = o.email ? sql`lower(${users.email}) = ${lower(o.email)}` : eq(users.id, o.actor!.id);
  const target = await memberWithTeam(db, where);
  if (!target || target.isEmailVerified || target.rejectionReason || target.teamDeletedAt) return;
  if (!target.username && target.isPartner) {
    await deps.db.transaction((tx) => queuePartnerInvite({ ...deps, db: tx }, target));
  } else {
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, { purpose: "email_verification", userId: target.id, voidPrevious: true });
      await queueMail(tx, "account.verification", verificationEmail({ appUrl: env.APP_URL, to: target.email, name: target.name, token }));
    });
  }
  deps.logger.info({ event: "auth.verification_resent", userId: target.id }, "verification resent");
}

// ---------------------------------------------------------------------------------------------
// Partner invitation

/**
 * A fresh invitation link (older ones stop working) queued for a partner who has no login yet, in
 * the caller's transaction (server/mail/outbox.ts).
 */
/** A member with their state and their team's name, state and category (verification and partner invitations read this). */
async function memberWithTeam(db: DbOrTx, where: SQL | number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      isPartner: users.isPartner,
      isEmailVerified: users.isEmailVerified,
      rejectionReason: users.rejectionReason,
      teamId: users.teamId,
      teamName: teams.name,
      teamDeletedAt: teams.deletedAt,
      competitionType: teams.competitionType,
    })
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(typeof where === "number" ? eq(users.id, where) : where)
    .limit(1);
  return row;
}

/** The name of a team's captain, or null (no team, or the captain's account is gone). */
async function captainName(db: DbOrTx, teamId: number | null): Promise<string | null> {
  if (teamId === null) return null;
  const [captain] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.isCaptain, true)))
    .limit(1);
  return captain?.name ?? null;
}

async function queuePartnerInvite(
  deps: TxDeps<"db" | "env">,
  target: { id: number; name: string; email: string; teamId: number | null; teamName: string | null },
): Promise<void> {
  const { db, env } = deps;
  const captain = await captainName(db, target.teamId);
  const token = await issueToken(db, { purpose: "partner_invite", userId: target.id, voidPrevious: true });
  await queueMail(
    db,
    "account.verification",
    partnerInviteEmail({
      appUrl: env.APP_URL,
      to: target.email,
      partnerName: target.name,
      captainName: captain ?? "Your captain",
      teamName: target.teamName ?? "your team",
      token,
    }),
  );
}

export const PARTNER_INVITE_TITLE = "Failed to Invite Partner";

/**
 * POST /api/teams/{id}/partner: the captain of a team without a partner (the partner's account was
 * removed) invites a new one: a partner user without a login (approved when the team is) and an
 * invitation mail. An address already in use gets the same answer (never revealed); the captain
 * learns it by mail instead, as at registration.
 */
export async function invitePartner(
  deps: Deps<"db" | "env" | "logger">,
  input: InvitePartnerInput & { teamId: number; actor: Pick<Actor, "id" | "teamId"> },
): Promise<MessageResponse> {
  const { actor, teamId } = input;
  const { db, env } = deps;
  if (actor.teamId !== teamId)
    throw new AppError(403, "Only the team's captain can invite its partner.", { title: PARTNER_INVITE_TITLE, code: "forbidden" });
  const partnerName = input.partnerName.trim();
  const partnerEmail = input.partnerEmail.trim();
  const answer = { message: `An invitation is on its way to ${partnerEmail}.` };
  const [team] = await db.select({ id: teams.id, name: teams.name, isApproved: teams.isApproved, deletedAt: teams.deletedAt }).from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!team || team.deletedAt) throw new AppError(404, "Team not found.", { title: PARTNER_INVITE_TITLE });
  const [existing] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.isPartner, true)))
    .limit(1);
  if (existing)
    throw new AppError(409, `Your team already has a partner (${existing.name}). A team has one partner at a time.`, {
      title: PARTNER_INVITE_TITLE,
      code: "has_partner",
    });
  const [captain] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
  const [inUse] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${lower(partnerEmail)}`).limit(1);
  if (inUse) {
    if (captain) await queue(deps, "account.registration", partnerInviteNotSentEmail({ appUrl: env.APP_URL, to: captain.email, name: captain.name, partnerEmail }));
    deps.logger.info({ event: "team.partner_invite_refused", teamId, reason: "address_in_use" }, "partner invitation not sent");
    return answer;
  }
  let partnerId: number;
  try {
    // The partner and their invitation commit together (server/mail/outbox.ts).
    partnerId = await db.transaction(async (tx) => {
      const [partner] = await tx
        .insert(users)
        .values({
          username: null,
          password: null,
          name: partnerName,
          email: partnerEmail,
          teamId,
          isCaptain: false,
          isPartner: true,
          isApproved: team.isApproved,
          isEmailVerified: false,
        })
        .returning({ id: users.id });
      await queuePartnerInvite({ ...deps, db: tx }, { id: partner!.id, name: partnerName, email: partnerEmail, teamId, teamName: team.name });
      return partner!.id;
    });
  } catch (err) {
    if (!uniqueViolation(err)) throw err;
    return answer;
  }
  deps.logger.info({ event: "team.partner_invited", teamId, partnerId, by: actor.id }, "new partner invited");
  return answer;
}

/**
 * POST /api/admin/users/{id}/resend-invite (admin): a partner whose invitation expired or got lost
 * gets a new link; older links stop working. Only a partner without a login of their own.
 */
export async function resendPartnerInvite(
  deps: Deps<"db" | "env" | "logger">,
  o: { userId: number; actor: Pick<Actor, "id"> },
): Promise<AdminUserActionResult> {
  const target = await memberWithTeam(deps.db, o.userId);
  if (!target) throw new AppError(404, "User not found.", { title: "Failed to Resend Invitation" });
  if (target.username || !target.isPartner)
    throw new AppError(409, MESSAGES.inviteNotNeeded, { title: "Failed to Resend Invitation", code: "wrong_state" });
  if (target.teamDeletedAt)
    throw new AppError(409, "This member's team is deleted; restore it first.", { title: "Failed to Resend Invitation", code: "wrong_state" });
  await deps.db.transaction((tx) => queuePartnerInvite({ ...deps, db: tx }, target));
  deps.logger.info({ event: "auth.invite_resent", userId: target.id, adminId: o.actor.id }, "partner invitation resent by an admin");
  return { message: `A new invitation was sent to ${target.email}.`, userId: target.id, name: target.name };
}

export async function getInvite(deps: Deps<"db" | "env" | "logger">, o: { token: string }): Promise<InviteView> {
  const { db } = deps;
  const row = await peekToken(db, o.token, "partner_invite");
  if (!row?.userId) throw new AppError(404, MESSAGES.invalidInvite, { title: "Invitation Not Found", code: "invalid_token" });
  const partner = await memberWithTeam(db, row.userId);
  if (!partner || partner.username) throw new AppError(404, MESSAGES.invalidInvite, { title: "Invitation Not Found", code: "invalid_token" });
  const captain = await captainName(db, partner.teamId);
  return {
    partnerName: partner.name,
    email: partner.email,
    teamName: partner.teamName,
    captainName: captain,
    competitionType: partner.competitionType,
  };
}

/** The partner chooses a username and password: their own login, with the partner role. */
export async function acceptInvite(deps: Deps<"db" | "env" | "logger">, o: { token: string; username: string; password: string }): Promise<AcceptInviteResponse> {
  const { db, env } = deps;
  const username = o.username.trim();
  // Hashed first, whatever the token: a made-up token costs the same as a real one.
  const passwordHash = await hashPassword(o.password);
  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      const row = await consumeToken(tx, o.token, "partner_invite");
      if (!row?.userId) throw new AppError(400, MESSAGES.invalidInvite, { title: "Invitation Failed", code: "invalid_token" });
      const [partner] = await tx
        .select({
          id: users.id,
          name: users.name,
          username: users.username,
          rejectionReason: users.rejectionReason,
          teamId: users.teamId,
          teamName: teams.name,
          teamDeletedAt: teams.deletedAt,
        })
        .from(users)
        .leftJoin(teams, eq(teams.id, users.teamId))
        .where(eq(users.id, row.userId))
        .limit(1);
      if (!partner) throw new AppError(400, MESSAGES.invalidInvite, { title: "Invitation Failed", code: "invalid_token" });
      if (partner.username) throw new AppError(409, MESSAGES.inviteAlreadyAccepted, { title: "Invitation Failed", code: "conflict" });
      // Only a live invitation may ask whether a username is free (the rollback keeps the token).
      const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${lower(username)}`).limit(1);
      if (taken) throw new AppError(409, MESSAGES.usernameTaken, { title: "Invitation Failed", code: "conflict", fields: { username: MESSAGES.usernameTaken } });
      if (partner.teamDeletedAt) {
        throw new AppError(403, `Your team has been deleted. Please contact the administrator at ${env.ADMIN_EMAIL}.`, {
          title: "Team Deleted",
          code: "team_deleted",
        });
      }
      if (partner.rejectionReason) {
        throw new AppError(403, `Your registration was not approved. Please contact the administrator at ${env.ADMIN_EMAIL}.`, {
          title: "Registration Rejected",
          code: "registration_rejected",
        });
      }
      await tx
        .update(users)
        .set({ username, password: passwordHash, isEmailVerified: true, isPartner: true, isCaptain: false, updatedAt: new Date() })
        .where(and(eq(users.id, partner.id), isNull(users.username)));
      // The captain learns, with the change, that their partner has a login now.
      const captains = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.teamId, partner.teamId ?? -1), eq(users.isCaptain, true), ne(users.id, partner.id)));
      await tell(tx, {
        type: "team.partner_joined",
        userIds: captains.map((c) => c.id),
        link: "/profile",
        mail: partnerJoinedEmail({ appUrl: env.APP_URL, to: captains.map((c) => c.email), partnerName: partner.name, teamName: partner.teamName ?? "your team" }),
      });
      return partner.id;
    });
  } catch (err) {
    if (uniqueViolation(err)) throw new AppError(409, MESSAGES.usernameTaken, { title: "Invitation Failed", code: "conflict" });
    throw err;
  }
  deps.logger.info({ event: "auth.invite_accepted", userId }, "partner invitation accepted");
  return { message: MESSAGES.inviteAccepted, username };
}

// ---------------------------------------------------------------------------------------------
// Recovery and reset: the route answers the same generic message at once, whether or not the
// account exists; these run after the answer.

export async function recoverUsername(deps: Deps<"db" | "env" | "logger">, o: { email: string }): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, username: users.username })
    .from(users)
    .where(sql`lower(${users.email}) = ${lower(o.email)}`)
    .limit(1);
  if (user?.username) {
    await queue(deps, "account.recovery", usernameRecoveryEmail({ appUrl: deps.env.APP_URL, to: user.email, name: user.name, username: user.username }));
    deps.logger.info({ event: "auth.username_recovered", userId: user.id }, "username recovery sent");
  } else {
    deps.logger.info({ event: "auth.username_recovery_unknown" }, "username recovery for an unknown address");
  }
}

export async function requestPasswordReset(deps: Deps<"db" | "env" | "logger">, o: { username: string; email: string }): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${lower(o.username)}`,
        sql`lower(${users.email}) = ${lower(o.email)}`,
        sql`${users.password} is not null`,
      ),
    )
    .limit(1);
  if (user) {
    await deps.db.transaction(async (tx) => {
      const token = await issueToken(tx, { purpose: "password_reset", userId: user.id, voidPrevious: true });
      await queueMail(tx, "account.password_reset", passwordResetEmail({ appUrl: deps.env.APP_URL, to: user.email, name: user.name, token }));
    });
    deps.logger.info({ event: "auth.reset_requested", userId: user.id }, "password reset requested");
  } else {
    deps.logger.info({ event: "auth.reset_requested_unknown" }, "password reset requested for an unknown account");
  }
}

/** Read-only: GET never uses the token. */
export async function checkResetToken(deps: Deps<"db" | "env" | "logger">, o: { token: string }): Promise<ResetTokenStatus> {
  const row = await peekToken(deps.db, o.token, "password_reset");
  return { valid: Boolean(row?.userId) };
}

/** Uses the token (one conditional update), sets the new hash and ends every session of that user. */
export async function resetPassword(deps: Deps<"db" | "env" | "logger">, o: { token: string; newPassword: string }): Promise<MessageResponse> {
  const passwordHash = await hashPassword(o.newPassword);
  const user = await deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, o.token, "password_reset");
    if (!row?.userId) throw new AppError(400, MESSAGES.invalidReset, { title: "Password Reset Failed", code: "invalid_token" });
    const [u] = await tx
      .update(users)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, name: users.name, email: users.email });
    if (!u) throw new AppError(400, MESSAGES.invalidReset, { title: "Password Reset Failed", code: "invalid_token" });
    await endSessionsOfUsers(tx, [u.id]);
    await tell(tx, {
      type: "account.password_reset",
      userIds: [u.id],
      link: "/profile",
      mail: passwordChangedEmail({ appUrl: deps.env.APP_URL, to: u.email, name: u.name, adminEmail: deps.env.ADMIN_EMAIL }),
    });
    return u;
  });
  deps.logger.info({ event: "auth.reset", userId: user.id }, "password reset; every session ended");
  return { message: MESSAGES.passwordReset };
}

// ---------------------------------------------------------------------------------------------
// The approval gate (admins)

/** Registrations waiting for an admin: not approved, not rejected, not an admin, team not deleted. */
const pendingUsersWhere = () =>
  and(eq(users.isApproved, false), eq(users.isAdmin, false), isNull(users.rejectionReason), or(isNull(users.teamId), isNull(teams.deletedAt)));

/** How many registrations wait for an admin (the menu's count and the admin's home). */
export async function countPendingUsers(deps: TxDeps<"db">): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(users).leftJoin(teams, eq(teams.id, users.teamId)).where(pendingUsersWhere());
  return Number(row?.n ?? 0);
}

export async function listPendingUsers(deps: Deps<"db">, query: PageQuery): Promise<Page<PendingUser>> {
  const { db } = deps;
  const where = pendingUsersWhere();
  const [totalRow] = await db.select({ n: count() }).from(users).leftJoin(teams, eq(teams.id, users.teamId)).where(where);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      joinedAt: users.joinedAt,
      isCaptain: users.isCaptain,
      isPartner: users.isPartner,
      isEmailVerified: users.isEmailVerified,
      teamId: users.teamId,
      teamName: teams.name,
      competitionType: teams.competitionType,
    })
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(where)
    .orderBy(asc(users.joinedAt), asc(users.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const total = Number(totalRow?.n ?? 0);
  return pageOf(
    rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() })),
    total,
    query,
  );
}

async function loadTarget(deps: Deps<"db">, userId: number) {
  const [target] = await deps.db
    .select({
      id: users.id,
      name: users.name,
      isAdmin: users.isAdmin,
      isApproved: users.isApproved,
      isCaptain: users.isCaptain,
      teamId: users.teamId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!target) throw new AppError(404, MESSAGES.userNotFound, { code: "not_found" });
  return target;
}

/** Approves a user; approving a captain approves the team and its partner. Each newly approved user is emailed. */
export async function approveUser(deps: Deps<"db" | "env" | "clock" | "logger">, o: { userId: number; actor: Pick<Actor, "id"> }): Promise<ApprovalResponse> {
  const target = await loadTarget(deps, o.userId);
  const wholeTeam = target.isCaptain && target.teamId !== null;
  const changed = await deps.db.transaction(async (tx) => {
    // A newly approved team counts its inactivity from its approval (docs/product.md, "Activity").
    if (wholeTeam) {
      await tx
        .update(teams)
        .set({ isApproved: true, lastActiveAt: sql`case when ${teams.isApproved} then ${teams.lastActiveAt} else now() end`, updatedAt: new Date() })
        .where(eq(teams.id, target.teamId!));
      // An approved team is on the overall ladder: the stored ranks follow (decisions 038, 039).
      await markLadderRanksChanged(tx, { by: o.actor.id });
    }
    const approved = await tx
      .update(users)
      .set({ isApproved: true, rejectionReason: null, updatedAt: new Date() })
      .where(
        and(
          wholeTeam ? and(eq(users.teamId, target.teamId!), eq(users.isAdmin, false)) : eq(users.id, target.id),
          or(eq(users.isApproved, false), sql`${users.rejectionReason} is not null`),
        ),
      )
      .returning({ id: users.id, name: users.name, email: users.email, username: users.username, isCaptain: users.isCaptain });
    for (const u of approved) {
      await tell(tx, {
        type: "account.approved",
        userIds: [u.id],
        link: "/challenge-teams",
        mail: accountApprovedEmail({ appUrl: deps.env.APP_URL, to: u.email, name: u.name, hasLogin: Boolean(u.username), isCaptain: u.isCaptain }),
      });
    }
    return approved;
  });
  deps.logger.info({ event: "auth.approve", adminId: o.actor.id, userIds: changed.map((u) => u.id), teamId: wholeTeam ? target.teamId : null }, "user approved");
  return {
    message: wholeTeam ? `${target.name} and their team have been approved.` : `${target.name} has been approved.`,
    userIds: changed.map((u) => u.id),
    teamId: wholeTeam ? target.teamId : null,
  };
}

/**
 * Rejects a pending registration: the user (and, for a captain, the whole team's members) is marked
 * rejected with the reason, signed out everywhere, their emailed links die, and they are emailed.
 * A rejected account cannot sign in; the login answer gives the reason and the admin contact.
 * Approving later undoes a rejection.
 */
export async function rejectUser(deps: Deps<"db" | "env" | "logger">, o: { userId: number; reason: string; actor: Pick<Actor, "id"> }): Promise<ApprovalResponse> {
  const target = await loadTarget(deps, o.userId);
  if (target.isAdmin || target.id === o.actor.id) throw new AppError(400, MESSAGES.cannotRejectAdmin, { code: "bad_request" });
  if (target.isApproved) throw new AppError(409, MESSAGES.alreadyApproved, { code: "conflict" });
  const wholeTeam = target.isCaptain && target.teamId !== null;
  const reason = o.reason.trim();
  const changed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ rejectionReason: reason, isApproved: false, updatedAt: new Date() })
      .where(
        and(
          wholeTeam ? eq(users.teamId, target.teamId!) : eq(users.id, target.id),
          eq(users.isAdmin, false),
          eq(users.isApproved, false),
        ),
      )
      .returning({ id: users.id, name: users.name, email: users.email });
    const ids = rows.map((r) => r.id);
    if (ids.length > 0) {
      await tx
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(inArray(authTokens.userId, ids), isNull(authTokens.usedAt), ne(authTokens.purpose, "match_confirmation")));
      await endSessionsOfUsers(tx, ids);
    }
    for (const u of rows) {
      await tell(tx, { type: "account.rejected", mail: registrationRejectedEmail({ to: u.email, name: u.name, reason, adminEmail: deps.env.ADMIN_EMAIL }) });
    }
    return rows;
  });
  deps.logger.info({ event: "auth.reject", adminId: o.actor.id, userIds: changed.map((u) => u.id) }, "registration rejected");
  return {
    message: wholeTeam ? `${target.name}'s registration (and their team's) has been rejected.` : `${target.name}'s registration has been rejected.`,
    userIds: changed.map((u) => u.id),
    teamId: wholeTeam ? target.teamId : null,
  };
}
