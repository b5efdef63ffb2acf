import { z } from "zod";
import { AppError } from "../lib/app-error";

/** Turns a zod failure into one 400: the first message for toasts, every field's message in `fields`. */
export function zodToAppError(error: z.ZodError, title?: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    if (!(key in fields)) fields[key] = issue.message;
  }
  const first = error.issues[0];
  const message = first ? first.message : "Invalid request.";
  return new AppError(400, message, { code: "validation_failed", fields, ...(title ? { title } : {}) });
}

export const IdParams = z.object({ id: z.coerce.number().int().positive("Invalid id.").max(2_147_483_647, "Invalid id.") });
