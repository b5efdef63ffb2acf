// The code step's message, apart from the zod schemas so the sign-in screen can show it without
// loading zod (the first screen's budget: docs/performance.md).
export const SECOND_FACTOR_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app, or a recovery code.";
