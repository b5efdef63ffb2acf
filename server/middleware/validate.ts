import type { RequestHandler } from "express";
import { z, type ZodType } from "zod";
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

interface Schemas {
  body?: ZodType;
  params?: ZodType;
  query?: ZodType;
}

declare module "express-serve-static-core" {
  interface Request {
    /** Parsed and checked input, set by validate(). Handlers read this, never req.body. */
    valid: { body?: unknown; params?: unknown; query?: unknown };
  }
}

/** validate({ body }) checks the request with the shared zod schemas before the handler runs. */
export function validate(schemas: Schemas, title?: string): RequestHandler {
  return (req, _res, next) => {
    req.valid = req.valid ?? {};
    for (const part of ["params", "query", "body"] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const input = part === "body" ? (req.body ?? {}) : req[part];
      const parsed = schema.safeParse(input);
      if (!parsed.success) return next(zodToAppError(parsed.error, title));
      req.valid[part] = parsed.data;
    }
    next();
  };
}

/** Typed access to what validate() produced. */
export function input<T extends ZodType>(value: unknown, _schema: T): z.infer<T> {
  return value as z.infer<T>;
}

export const IdParams = z.object({ id: z.coerce.number().int().positive("Invalid id.").max(2_147_483_647, "Invalid id.") });
