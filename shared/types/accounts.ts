// Answer shapes of the account routes (registration, recovery, invitation, approval gate, second
// factor): zod schemas, the one definition of each (docs/decisions/033-api-reference-from-zod.md);
// the types are inferred.
import { z } from "zod";
import { COMPETITION_TYPES } from "../constants";
import { pageSchemaOf } from "../paging";
import { accountRefSchema, messageResponseSchema } from "./common";

export { messageResponseSchema, type MessageResponse } from "./common";

/**
 * POST /api/register-team → 201: always the generic "check your email" answer (it never says
 * whether an address already has an account; the mail does, to that address's owner).
 */
export const registerTeamResponseSchema = messageResponseSchema.extend({
  emailVerificationRequired: z.literal(true),
});
export type RegisterTeamResponse = z.infer<typeof registerTeamResponseSchema>;

/** POST /api/verify-email/{token}. */
export const verifyEmailResponseSchema = messageResponseSchema.extend({
  isApproved: z.boolean(),
  alreadyVerified: z
    .boolean()
    .describe("The link was used before (or another one verified the address): nothing changed, the address is verified."),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** GET /api/reset-password/{token}: read-only validity check. */
export const resetTokenStatusSchema = z.object({
  valid: z.boolean(),
});
export type ResetTokenStatus = z.infer<typeof resetTokenStatusSchema>;

/** GET /api/invite/{token}: read-only view of a partner invitation. */
export const inviteViewSchema = z.object({
  partnerName: z.string(),
  email: z.string(),
  teamName: z.string().nullable(),
  captainName: z.string().nullable(),
  competitionType: z.enum(COMPETITION_TYPES).nullable(),
});
export type InviteView = z.infer<typeof inviteViewSchema>;

/** POST /api/accept-invite/{token}. */
export const acceptInviteResponseSchema = messageResponseSchema.extend({
  username: z.string(),
});
export type AcceptInviteResponse = z.infer<typeof acceptInviteResponseSchema>;

/** One row of GET /api/admin/pending-users (paged). */
export const pendingUserSchema = accountRefSchema.extend({
  joinedAt: z.iso.datetime(),
  isCaptain: z.boolean(),
  isPartner: z.boolean(),
  isEmailVerified: z.boolean(),
  teamId: z.int().nullable(),
  teamName: z.string().nullable(),
  competitionType: z.enum(COMPETITION_TYPES).nullable(),
});
export type PendingUser = z.infer<typeof pendingUserSchema>;

export const pendingUsersPageSchema = pageSchemaOf(pendingUserSchema);

/** POST /api/admin/approve-user/{id} and reject-user/{id}. */
export const approvalResponseSchema = messageResponseSchema.extend({
  userIds: z.array(z.int()).describe("Every user whose state changed (a captain brings the partner along)."),
  teamId: z.int().nullable(),
});
export type ApprovalResponse = z.infer<typeof approvalResponseSchema>;

/** POST /api/login when the password is right and the account has a second factor: the code step is next. */
export const secondFactorChallengeSchema = messageResponseSchema.extend({
  secondFactorRequired: z.literal(true),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** GET /api/second-factor: the signed-in admin's second factor. */
export const secondFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  recoveryCodesLeft: z.int().describe("Unused recovery codes left."),
  required: z.boolean().describe("ADMIN_MFA_REQUIRED: admins must enrol (and cannot turn it off)."),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /api/second-factor/enrol: the secret to add to an authenticator app (as a QR code or typed). */
export const secondFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

/** POST /api/second-factor/confirm: the recovery codes, shown once. */
export const secondFactorConfirmedSchema = messageResponseSchema.extend({
  recoveryCodes: z.array(z.string()),
});
export type SecondFactorConfirmed = z.infer<typeof secondFactorConfirmedSchema>;
