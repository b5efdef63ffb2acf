// Account forms: one schema each, used by the client form (zodResolver) and the server route.
// The spec's messages live here verbatim.
import { z } from "zod";
import { COMPETITION_TYPES } from "../constants";

export const PASSWORD_MESSAGES = {
  min: "Password must be at least 6 characters",
  upper: "Password must contain at least one uppercase letter",
  number: "Password must contain at least one number",
} as const;

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

export const registerSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(3, "Username must be at least 3 characters")
      .max(50, "Username must be at most 50 characters")
      .regex(/^[A-Za-z0-9_.-]+$/, "Username may contain only letters, numbers, dots, dashes and underscores"),
    password: strongPassword,
    name: z.string().trim().min(2, "Name must be at least 2 characters").max(100, "Name must be at most 100 characters"),
    email: email(),
    competitionType: z.enum(COMPETITION_TYPES, { error: "Please select a competition category" }),
    teamName: z
      .string()
      .trim()
      .min(3, "Team name must be at least 3 characters")
      .max(100, "Team name must be at most 100 characters"),
    partnerName: z
      .string()
      .trim()
      .max(100, "Partner name must be at most 100 characters")
      .refine((v) => v === "" || v.length >= 2, "Partner name must be at least 2 characters")
      .optional(),
    partnerEmail: z.union([z.literal(""), email("Please enter a valid partner email address")]).optional(),
    avatar: z.string().trim().max(500).optional(),
    teamAvatar: z.string().trim().max(500).optional(),
    teamBio: z.string().trim().max(1000).optional(),
    verifyEmail: z.boolean().default(true),
  })
  .strict();
export type RegisterInput = z.infer<typeof registerSchema>;

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

export const acceptInviteSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(3, "Username must be at least 3 characters")
      .max(50, "Username must be at most 50 characters")
      .regex(/^[A-Za-z0-9_.-]+$/, "Username may contain only letters, numbers, dots, dashes and underscores"),
    password: strongPassword,
  })
  .strict();

export const reasonSchema = z.object({ reason: z.string().trim().max(1000, "Reason must be at most 1000 characters").optional() }).strict();
