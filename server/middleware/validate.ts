import { z } from "zod";
import { AppError } from "../lib/app-error";

/** Turns a zod failure into one 400: the first message for toasts, every field's message in `fields`. */
/** Each field's first problem (the field's path joined with dots; "_" for the body itself). */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export function zodToAppError(error: z.ZodError, title?: string): AppError {
  const fields = zodFields(error);
  const first = error.issues[0];
  const message = first ? first.message : "Invalid request.";
  return new AppError(400, message, { code: "validation_failed", fields, ...(title ? { title } : {}) });
}

export const IdParams = z.object({ id: z.coerce.number().int().positive("Invalid id.").max(2_147_483_647, "Invalid id.") });
