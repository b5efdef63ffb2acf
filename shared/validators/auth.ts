// Account forms: one schema each, used by the client form (zodResolver) and the server route.
// The product's messages (docs/product.md, "Account messages") live here verbatim.
import { z } from "zod";
import { COMPETITION_TYPES } from "../constants";
import { AVATAR_URL_MESSAGE, optionalHttpUrl, TEAM_AVATAR_URL_MESSAGE } from "./url";
import { SECOND_FACTOR_CODE_MESSAGE } from "./second-factor-messages";

export const PASSWORD_MESSAGES = {
  min: "Password must be at least 6 characters",
  upper: "Password must contain at least one uppercase letter",
  number: "Password must contain at least one number",
} as const;

/** Checked by the server (the list is too large for the browser): server/auth/password-policy.ts. */
export const COMMON_PASSWORD_MESSAGE = "This password is too common and easy to guess. Please choose another.";

export const strongPassword = z
  .string({ error: PASSWORD_MESSAGES.min })
  .min(6, PASSWORD_MESSAGES.min)
  .max(200, "Password must be at most 200 characters")
  .regex(/[A-Z]/, PASSWORD_MESSAGES.upper)
  .regex(/[0-9]/, PASSWORD_MESSAGES.number);

const email = (message = "Please enter a valid email address") =>
  z.string({ error: message }).trim().max(254, message).email(message);

export const loginSchema = z.object({
  username: z
    .string({ error: "Username must be at least 3 characters" })
    .trim()
    .min(3, "Username must be at least 3 characters")
    .max(50, "Username must be at most 50 characters"),
  password: z
    .string({ error: "Password must be at least 6 characters" })
    .min(6, "Password must be at least 6 characters")
    .max(200, "Password must be at most 200 characters"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const REQUIRED_REGISTRATION_FIELDS = ["username", "password", "name", "email", "competitionType", "teamName"] as const;

const usernameField = z
  .string({ error: "Username must be at least 3 characters" })
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(50, "Username must be at most 50 characters")
  .regex(/^[A-Za-z0-9_.-]+$/, "Username may contain only letters, numbers, dots, dashes and underscores");

export const PARTNER_REQUIRED_MESSAGE =
  "Every category is a Doubles category: please provide your partner's name and email address.";

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * The presence checks that come before the field rules (docs/product.md, "Registration"): 'Missing Required Fields' listing
 * what is missing, then 'Partner Information Required'. Returns null when everything is there.
 */
export function registrationPresenceError(body: unknown): { title: string; message: string; fields: string[] } | null {
  const record = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const missing = REQUIRED_REGISTRATION_FIELDS.filter((f) => isBlank(record[f]));
  if (missing.length > 0) {
    return { title: "Missing Required Fields", message: `Please provide: ${missing.join(", ")}`, fields: [...missing] };
  }
  const partnerMissing = (["partnerName", "partnerEmail"] as const).filter((f) => isBlank(record[f]));
  if (partnerMissing.length > 0) {
    return { title: "Partner Information Required", message: PARTNER_REQUIRED_MESSAGE, fields: [...partnerMissing] };
  }
  return null;
}

export const registerSchema = z
  .object({
    username: usernameField,
    password: strongPassword,
    name: z
      .string({ error: "Name must be at least 2 characters" })
      .trim()
      .min(2, "Name must be at least 2 characters")
      .max(100, "Name must be at most 100 characters"),
    email: email(),
    competitionType: z.enum(COMPETITION_TYPES, { error: "Please select a competition category" }),
    teamName: z
      .string({ error: "Team name must be at least 3 characters" })
      .trim()
      .min(3, "Team name must be at least 3 characters")
      .max(100, "Team name must be at most 100 characters"),
    // Every category is a Doubles category, so the partner is required (docs/product.md, "Registration").
    partnerName: z
      .string({ error: "Partner name must be at least 2 characters" })
      .trim()
      .min(2, "Partner name must be at least 2 characters")
      .max(100, "Partner name must be at most 100 characters"),
    partnerEmail: email("Please enter a valid partner email address"),
    avatar: optionalHttpUrl(AVATAR_URL_MESSAGE),
    teamAvatar: optionalHttpUrl(TEAM_AVATAR_URL_MESSAGE),
    teamBio: z.string().trim().max(1000, "Team bio must be at most 1000 characters").optional(),
    verifyEmail: z.boolean().default(true),
  })
  .strict();
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /api/teams/{id}/partner: a captain whose partner left invites a new one (the registration's partner fields). */
export const invitePartnerSchema = registerSchema.pick({ partnerName: true, partnerEmail: true }).strict();
export type InvitePartnerInput = z.infer<typeof invitePartnerSchema>;

export const recoverUsernameSchema = z.object({ email: email() }).strict();

export const resetRequestSchema = z
  .object({
    username: z.string().trim().min(3, "Username must be at least 3 characters").max(50, "Username must be at most 50 characters"),
    email: email(),
  })
  .strict();

export const resetPasswordSchema = z.object({ newPassword: strongPassword }).strict();

/** The reset page's form: the two fields must match. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: strongPassword,
    confirmPassword: z.string().min(6, "Password must be at least 6 characters"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export const resendVerificationSchema = z.object({ email: email().optional() }).strict();

export const acceptInviteSchema = z.object({ username: usernameField, password: strongPassword }).strict();
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

/** The invitation page's form: username, password and its confirmation. */
export const acceptInviteFormSchema = z
  .object({
    username: usernameField,
    password: strongPassword,
    confirmPassword: z.string().min(6, "Password must be at least 6 characters"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

/** Rejecting a registration needs a reason; it is emailed to the user. */
export const rejectUserSchema = z
  .object({
    reason: z
      .string({ error: "Please provide a reason for the rejection." })
      .trim()
      .min(1, "Please provide a reason for the rejection.")
      .max(1000, "Reason must be at most 1000 characters"),
  })
  .strict();

export const reasonSchema = z.object({ reason: z.string().trim().max(1000, "Reason must be at most 1000 characters").optional() }).strict();

/** A second-factor code: the 6 digits of the authenticator app, or a recovery code (xxxxx-xxxxx). */
export { SECOND_FACTOR_CODE_MESSAGE };
export const secondFactorCodeSchema = z
  .object({
    code: z
      .string({ error: SECOND_FACTOR_CODE_MESSAGE })
      .trim()
      .min(6, SECOND_FACTOR_CODE_MESSAGE)
      .max(20, SECOND_FACTOR_CODE_MESSAGE)
      .regex(/^[0-9A-Za-z\s-]+$/, SECOND_FACTOR_CODE_MESSAGE),
  })
  .strict();
export type SecondFactorCodeInput = z.infer<typeof secondFactorCodeSchema>;

/** Starting (re-)enrolment: a current code is needed only when a second factor is already set up. */
export const secondFactorEnrolSchema = z.object({ code: secondFactorCodeSchema.shape.code.optional() }).strict();
