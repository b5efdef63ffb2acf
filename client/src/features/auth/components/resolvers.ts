// The validation of the /auth forms (the shared account schemas through zodResolver). The forms load
// this module through lazyResolver (@/lib/lazy-resolver), so zod is not in the sign-in screen's first load.
import { zodResolver } from "@hookform/resolvers/zod";
import { loginSchema, recoverUsernameSchema, registerSchema, resetRequestSchema } from "@shared/validators/auth";

export const loginResolver = zodResolver(loginSchema);
export const registerResolver = zodResolver(registerSchema);
export const recoverUsernameResolver = zodResolver(recoverUsernameSchema);
export const resetRequestResolver = zodResolver(resetRequestSchema);
