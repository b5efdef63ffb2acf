// Shapes both sides agree on: errors and the signed-in user (pages of results: shared/paging.ts).
import type { CompetitionType } from "./constants";

/** Every refusal answers this body (docs/product.md, "API answers"). */
export interface ApiErrorBody {
  message: string;
  title?: string;
  code?: string;
  fields?: Record<string, string>;
}

/**
 * The code of a refusal that says "your side already did exactly this" (a second Accept, a second
 * Approve: a double click, two tabs). The status stays the refusal's (409) and nothing changes
 * again; the client treats it as done.
 */
export const ALREADY_DONE_CODE = "already_done";

/** The signed-in user as GET /api/user returns it: never the password hash or token fields. */
/**
 * The signed-in user's second factor (TOTP), as the session stands:
 * - "not_enrolled": none, and none is required (admins: ADMIN_MFA_REQUIRED is false);
 * - "enrolment_required": an admin without one while ADMIN_MFA_REQUIRED is true: only enrolment is open;
 * - "passed": enrolled, and this session passed the code step (or the enrolment itself);
 * - "code_required": enrolled, but this session has not passed the code step.
 */
export type SecondFactorState = "not_enrolled" | "enrolment_required" | "passed" | "code_required";

export interface CurrentUser {
  id: number;
  username: string | null;
  name: string;
  email: string;
  avatar: string | null;
  phone: string | null;
  location: string | null;
  bio: string | null;
  joinedAt: string;
  isAdmin: boolean;
  isApproved: boolean;
  isSuspended: boolean;
  isEmailVerified: boolean;
  isCaptain: boolean;
  isPartner: boolean;
  teamId: number | null;
  teamName: string | null;
  competitionType: CompetitionType | null;
  secondFactor: SecondFactorState;
}

