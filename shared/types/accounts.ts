// Response shapes of the account endpoints (registration, recovery, invitation, approval gate).
import type { CompetitionType } from "../constants";

/**
 * POST /api/register-team → 201: always the generic "check your email" answer (it never says
 * whether an address already has an account; the mail does, to that address's owner).
 */
export interface RegisterTeamResponse {
  emailVerificationRequired: true;
  message: string;
}

/** The generic answers (recovery, reset request, resend): the same whether or not the account exists. */
export interface MessageResponse {
  message: string;
}

/** POST /api/verify-email/{token}. */
export interface VerifyEmailResponse {
  message: string;
  isApproved: boolean;
  /** The link was used before (or another one verified the address): nothing changed, the address is verified. */
  alreadyVerified: boolean;
}

/** GET /api/reset-password/{token}: read-only validity check. */
export interface ResetTokenStatus {
  valid: boolean;
}

/** GET /api/invite/{token}: read-only view of a partner invitation. */
export interface InviteView {
  partnerName: string;
  email: string;
  teamName: string | null;
  captainName: string | null;
  competitionType: CompetitionType | null;
}

/** POST /api/accept-invite/{token}. */
export interface AcceptInviteResponse {
  message: string;
  username: string;
}

/** One row of GET /api/admin/pending-users (paged: Page<PendingUser>). */
export interface PendingUser {
  id: number;
  username: string | null;
  name: string;
  email: string;
  joinedAt: string;
  isCaptain: boolean;
  isPartner: boolean;
  isEmailVerified: boolean;
  teamId: number | null;
  teamName: string | null;
  competitionType: CompetitionType | null;
}

/** POST /api/admin/approve-user/{id} and reject-user/{id}. */
export interface ApprovalResponse {
  message: string;
  /** Every user whose state changed (a captain brings the partner along). */
  userIds: number[];
  teamId: number | null;
}

/** POST /api/login when the password is right and the account has a second factor: the code step is next. */
export interface SecondFactorChallenge {
  secondFactorRequired: true;
  message: string;
}

/** GET /api/second-factor: the signed-in admin's second factor. */
export interface SecondFactorStatus {
  enrolled: boolean;
  enabledAt: string | null;
  /** Unused recovery codes left. */
  recoveryCodesLeft: number;
  /** ADMIN_MFA_REQUIRED: admins must enrol (and cannot turn it off). */
  required: boolean;
}

/** POST /api/second-factor/enrol: the secret to add to an authenticator app (as a QR code or typed). */
export interface SecondFactorEnrolment {
  secret: string;
  otpauthUri: string;
}

/** POST /api/second-factor/confirm: the recovery codes, shown once. */
export interface SecondFactorConfirmed {
  message: string;
  recoveryCodes: string[];
}
