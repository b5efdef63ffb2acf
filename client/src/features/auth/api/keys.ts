// Query keys of the auth feature (the emailed-link pages). Every key starts with ["auth"]. The
// signed-in user's key is not here: it is `userQueryKey` in lib/auth.ts, shared by the whole app.
export const authKeys = {
  all: ["auth"] as const,
  invite: (token: string) => ["auth", "invite", { token }] as const,
  resetToken: (token: string) => ["auth", "reset-password", { token }] as const,
};
