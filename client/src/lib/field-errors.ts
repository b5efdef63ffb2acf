// A form's field errors from a failed zod parse: the first message of each field, keyed by its
// top-level name (as the server's `fields` are), so a form shows the same message the API would.
export type FieldErrors = Record<string, string>;

export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "_")] ??= issue.message;
  return errors;
}
