// The club's password rule (6+ characters, an uppercase letter, a number: shared/validators/auth.ts)
// plus one the browser does not ship: the password must not be a common one. The list is the
// ~49,000 most common passwords of @zxcvbn-ts/language-common (shipped in the package, no network),
// compared without letter case, so "Password1" is refused like "password1".
import { dictionary } from "@zxcvbn-ts/language-common";
import { COMMON_PASSWORD_MESSAGE, strongPassword } from "@shared/validators/auth";

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase());
}

/** The size of the list (for the docs and the tests). */
export function commonPasswordCount(): number {
  common ??= new Set(dictionary["passwords-common"]);
  return common.size;
}

/** strongPassword + not a common password: every server route that sets a password uses it. */
export const serverPassword = strongPassword.refine((v) => !isCommonPassword(v), COMMON_PASSWORD_MESSAGE);
