// The signed-in user (GET /api/user, 401 → null; docs/product.md, "API answers") and logout.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import { useLocation } from "wouter";
import type { CurrentUser } from "@shared/api";
import { turnPushOffHere } from "./push-here";
import { api, ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/components/ui/toast";

export const userQueryKey = ["user"] as const;

/** Why the signed-in member was signed out, for the sign-in page to say; null when nothing to say. */
export interface SignedOutNotice {
  title: string;
  message: string;
}

let signedOutNotice: SignedOutNotice | null = null;

/** What the sign-in page tells a member whose session ended without a logout (see onApiError). */
export function getSignedOutNotice(): SignedOutNotice | null {
  return signedOutNotice;
}

/** The server's codes for an account it refuses (login and GET /api/user answer the same reason). */
const ACCOUNT_REFUSALS = new Set(["account_suspended", "registration_rejected", "team_deleted"]);

export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    const user = await api.get<CurrentUser>("/api/user");
    signedOutNotice = null;
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      // An admin ended this browser's session (suspension, deleted team): the answer says why.
      if (err.code && ACCOUNT_REFUSALS.has(err.code)) signedOutNotice = { title: err.title ?? "Signed out", message: err.message };
      return null;
    }
    throw err;
  }
}

/**
 * Every failed call of the app goes through here (the QueryClient's caches). A 401 while a member is
 * signed in means the session ended on the server (an admin suspended them or deleted their team, a
 * password reset, an expired session): the user is read again, which answers null (the router then
 * goes to /auth) and, when an admin ended it, the reason.
 */
export function onApiError(queryClient: QueryClient, err: unknown): void {
  if (!(err instanceof ApiError) || err.status !== 401) return;
  if (!queryClient.getQueryData(userQueryKey)) return;
  signedOutNotice = { title: "Signed out", message: "Your session has ended. Please sign in again." };
  void queryClient.invalidateQueries({ queryKey: userQueryKey });
}

export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: getCurrentUser,
});

/** After a sign-out (or the end of the session with the team): drop everything cached, user = null. */
export function forgetSignedInUser(queryClient: QueryClient): void {
  signedOutNotice = null;
  queryClient.clear();
  queryClient.setQueryData(userQueryKey, null);
}

const SIGN_INS_KEY = "dl.signIns";

function readSignIns(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SIGN_INS_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * How many times this member has signed in with the Login form in this browser, counting the one
 * just made when called after `recordSignIn`. The greeting says "Welcome" on a first sign-in and
 * "Welcome back" after; the server keeps no sign-in history, so a member new to this browser is
 * greeted as new (never "back" on a first sign-in).
 */
export function signInCount(userId: number): number {
  return Number(readSignIns()[userId]) || 0;
}

/** Counts a sign-in of `userId` in this browser (and forgets any signed-out notice); returns the new count. */
export function recordSignIn(userId: number): number {
  signedOutNotice = null;
  const all = readSignIns();
  const count = (Number(all[userId]) || 0) + 1;
  try {
    localStorage.setItem(SIGN_INS_KEY, JSON.stringify({ ...all, [userId]: count }));
  } catch {
    // Storage refused (private mode, quota): the greeting is "Welcome" every time.
  }
  return count;
}

/** "Welcome" on a member's first sign-in (in this browser), "Welcome back" after. */
export function greeting(userId: number): "Welcome" | "Welcome back" {
  return signInCount(userId) > 1 ? "Welcome back" : "Welcome";
}

/** `data` is the user, `null` when signed out, `undefined` while loading. */
export function useUser() {
  return useQuery(userQueryOptions);
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async () => {
      // Push stops on this device with the sign-out (docs/product.md, "Push notifications"): the next
      // person at this browser must not see this member's notifications. Best effort: a failure here
      // (offline, a worker gone) never blocks the logout.
      await turnPushOffHere().catch(() => undefined);
      return api.post<{ message: string }>("/api/logout");
    },
    onSuccess: () => {
      forgetSignedInUser(queryClient);
      navigate("/auth", { replace: true });
      toast({ title: "Logged out", description: "You have been successfully logged out" });
    },
    onError: (err) => {
      toast({ variant: "destructive", title: "Logout failed", description: errorMessage(err) });
    },
  });
}
