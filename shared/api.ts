// Shapes both sides agree on: errors and the signed-in user (pages of results: shared/paging.ts).
import { z } from "zod";
import { COMPETITION_TYPES } from "./constants";

/**
 * Every refusal answers this body (docs/product.md, "API answers"; server/lib/app-error.ts,
 * server/middleware/error-handler.ts): the Error schema of the API reference.
 */
export const apiErrorBodySchema = z.object({
  message: z.string().describe("What went wrong, meant for the person using the app."),
  title: z.string().optional().describe("A heading for the message, when the screen shows one."),
  code: z.string().describe("A stable machine-readable code: bad_request, unauthorized, forbidden, not_found, conflict, cross_site, …"),
  fields: z.record(z.string(), z.string()).optional().describe("Per-field messages of a validation refusal."),
  requestId: z.string().optional().describe("Only on an unexpected 500: the id to quote to the club's admin."),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/**
 * The signed-in user's second factor (TOTP), as the session stands:
 * - "not_enrolled": none, and none is required (admins: ADMIN_MFA_REQUIRED is false);
 * - "enrolment_required": an admin without one while ADMIN_MFA_REQUIRED is true: only enrolment is open;
 * - "passed": enrolled, and this session passed the code step (or the enrolment itself);
 * - "code_required": enrolled, but this session has not passed the code step.
 */
export const secondFactorStateSchema = z.enum(["not_enrolled", "enrolment_required", "passed", "code_required"]);
export type SecondFactorState = z.infer<typeof secondFactorStateSchema>;

/** The signed-in user as GET /api/user returns it: never the password hash or token fields. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  joinedAt: z.iso.datetime(),
  isAdmin: z.boolean(),
  isApproved: z.boolean(),
  isSuspended: z.boolean(),
  isEmailVerified: z.boolean(),
  isCaptain: z.boolean(),
  isPartner: z.boolean(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  competitionType: z.enum(COMPETITION_TYPES).nullable(),
  secondFactor: secondFactorStateSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

