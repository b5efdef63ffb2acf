// Every mutating call of the API with a body the route would accept, for the CSRF suites: the
// supertest one (tests/security/headers.test.ts) forges them with a session cookie, the browser one
// (e2e/csrf-headers.e2e.test.ts) fires them from a page on another origin. Pure data: no imports
// from the server, so the e2e bundle can load it too.
/** A well-formed browser subscription (a closed local port; keys of the right lengths). */
const CSRF_PUSH_SUBSCRIPTION = {
  endpoint: "http://127.0.0.1:9/push/csrf",
  expirationTime: null,
  keys: { p256dh: "BMGZIVRjLuPD66kxKQpfauDv5A9lhb97rEdwokfgMbjlmxjqircn7aM1UFmsKL3KaxjrdQQRC0QjB1e9ieJ8gwY", auth: "cHVzaC1hdXRoLXNlY3JldA" },
};

export interface MutatingCall {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** A concrete path, e.g. /api/teams/12. */
  path: string;
  /** The route pattern it exercises, e.g. /api/teams/:id (checked against the router's routes). */
  route: string;
  /** A JSON body the route would accept (undefined: no body). */
  body?: unknown;
  /** Who would be allowed to make it: the session the forgery rides on. */
  as: "captain" | "admin" | "anyone";
}

export interface CallIds {
  /** The signed-in captain's own team. */
  ownTeamId: number;
  /** Another team (challenge target, admin actions). */
  otherTeamId: number;
  /** A challenge, match, dispute and user id to act upon (they need not be in a fitting state: a
   * forgery must be refused before the route looks at them). */
  challengeId: number;
  matchId: number;
  disputeId: number;
  userId: number;
  /** Emailed tokens, live where the suite can issue them (a forgery must not consume them), else
   * any token-shaped string (43 base64url characters). */
  tokens: { verify: string; invite: string; reset: string; match: string };
}

/**
 * Mutating routes the CSRF guard leaves to themselves, with why. Each has its own test of what a
 * cross-site call can do (server/modules/notifications/preferences.test.ts for the unsubscribe).
 */
export const CSRF_EXEMPT_ROUTES: Record<string, string> = {
  "POST /api/unsubscribe/:token":
    "one-click unsubscribe (RFC 8058): mail providers POST a form from anywhere; the signed token in the path is the only authority and it can only turn one mail category off",
};

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();

export function mutatingCalls(ids: CallIds): MutatingCall[] {
  const t = ids.tokens;
  return [
    // Session
    { method: "POST", route: "/api/login", path: "/api/login", as: "anyone", body: { username: "admin", password: "LadderAdmin1" } },
    { method: "POST", route: "/api/logout", path: "/api/logout", as: "captain" },
    { method: "POST", route: "/api/login/second-factor", path: "/api/login/second-factor", as: "anyone", body: { code: "123456" } },
    // Two-step sign-in (admins)
    { method: "POST", route: "/api/second-factor/enrol", path: "/api/second-factor/enrol", as: "admin", body: {} },
    { method: "POST", route: "/api/second-factor/confirm", path: "/api/second-factor/confirm", as: "admin", body: { code: "123456" } },
    { method: "POST", route: "/api/second-factor/disable", path: "/api/second-factor/disable", as: "admin", body: { code: "123456" } },
    // Accounts
    {
      method: "POST",
      route: "/api/register-team",
      path: "/api/register-team",
      as: "anyone",
      body: {
        username: "csrf_victim",
        password: "Attacker123",
        name: "Csrf Victim",
        email: "csrf_victim@example.test",
        competitionType: "Mixed Doubles",
        teamName: "Forged Team",
        partnerName: "Forged Partner",
        partnerEmail: "csrf_partner@example.test",
        verifyEmail: false,
      },
    },
    { method: "POST", route: "/api/verify-email/:token", path: `/api/verify-email/${t.verify}`, as: "anyone", body: {} },
    { method: "POST", route: "/api/resend-verification", path: "/api/resend-verification", as: "captain", body: {} },
    { method: "POST", route: "/api/accept-invite/:token", path: `/api/accept-invite/${t.invite}`, as: "anyone", body: { username: "csrf_partner", password: "Attacker123" } },
    { method: "POST", route: "/api/recover-username", path: "/api/recover-username", as: "anyone", body: { email: "csrf_victim@example.test" } },
    { method: "POST", route: "/api/reset-password", path: "/api/reset-password", as: "anyone", body: { username: "admin", email: "admin@example.test" } },
    { method: "POST", route: "/api/reset-password/:token", path: `/api/reset-password/${t.reset}`, as: "anyone", body: { newPassword: "Attacker123" } },
    { method: "POST", route: "/api/admin/approve-user/:id", path: `/api/admin/approve-user/${ids.userId}`, as: "admin" },
    { method: "POST", route: "/api/admin/users/:id/resend-invite", path: `/api/admin/users/${ids.userId}/resend-invite`, as: "admin" },
    { method: "POST", route: "/api/admin/reject-user/:id", path: `/api/admin/reject-user/${ids.userId}`, as: "admin", body: { reason: "forged" } },
    // Teams
    { method: "PUT", route: "/api/teams/:id", path: `/api/teams/${ids.ownTeamId}`, as: "captain", body: { name: "Hacked by CSRF", bio: "pwned" } },
    { method: "POST", route: "/api/teams/:id/partner", path: `/api/teams/${ids.ownTeamId}/partner`, as: "captain", body: { partnerName: "Forged Partner", partnerEmail: "csrf_partner@example.test" } },
    { method: "DELETE", route: "/api/teams/:id", path: `/api/teams/${ids.ownTeamId}`, as: "captain", body: { reason: "forged" } },
    { method: "POST", route: "/api/teams/:id/away", path: `/api/teams/${ids.ownTeamId}/away`, as: "captain", body: { firstDay: "2099-01-01", lastDay: "2099-01-05" } },
    { method: "PATCH", route: "/api/teams/:id/away/:awayId", path: `/api/teams/${ids.ownTeamId}/away/1`, as: "captain", body: { lastDay: "2099-01-02" } },
    { method: "DELETE", route: "/api/teams/:id/away/:awayId", path: `/api/teams/${ids.ownTeamId}/away/1`, as: "captain" },
    // Challenges
    {
      method: "POST",
      route: "/api/challenges",
      path: "/api/challenges",
      as: "captain",
      body: { challengedTeamId: ids.otherTeamId, location: "UBC grass", competitionType: "Mixed Doubles", notes: "forged 555-0100", proposedDateTime: inAWeek() },
    },
    { method: "PATCH", route: "/api/challenges/:id", path: `/api/challenges/${ids.challengeId}`, as: "captain", body: { status: "canceled" } },
    { method: "DELETE", route: "/api/challenges/:id", path: `/api/challenges/${ids.challengeId}`, as: "captain" },
    { method: "POST", route: "/api/challenges/:id/slots", path: `/api/challenges/${ids.challengeId}/slots`, as: "captain", body: { slots: [{ startsAt: inAWeek() }] } },
    { method: "DELETE", route: "/api/challenges/:id/slots", path: `/api/challenges/${ids.challengeId}/slots`, as: "captain" },
    { method: "POST", route: "/api/challenges/:id/slots/:slotId/accept", path: `/api/challenges/${ids.challengeId}/slots/1/accept`, as: "captain", body: {} },
    { method: "PUT", route: "/api/challenges/:id/slots/:slotId/answer", path: `/api/challenges/${ids.challengeId}/slots/1/answer`, as: "captain", body: { canPlay: false } },
    // Matches and disputes
    {
      method: "POST",
      route: "/api/matches",
      path: "/api/matches",
      as: "captain",
      body: { challengeId: ids.challengeId, team1Id: ids.ownTeamId, team2Id: ids.otherTeamId, winnerTeamId: ids.ownTeamId, score: "[[6,0],[6,0]]", location: "UBC grass", notes: null },
    },
    { method: "POST", route: "/api/matches/confirm/:token", path: `/api/matches/confirm/${t.match}`, as: "anyone", body: {} },
    { method: "POST", route: "/api/matches/dispute/:token", path: `/api/matches/dispute/${t.match}`, as: "anyone", body: { reason: "forged dispute reason" } },
    { method: "POST", route: "/api/matches/:id/approve", path: `/api/matches/${ids.matchId}/approve`, as: "captain" },
    { method: "POST", route: "/api/matches/:id/withdraw", path: `/api/matches/${ids.matchId}/withdraw`, as: "captain" },
    { method: "POST", route: "/api/matches/:id/dispute", path: `/api/matches/${ids.matchId}/dispute`, as: "captain", body: { reason: "forged dispute reason" } },
    {
      method: "PATCH",
      route: "/api/disputes/:id",
      path: `/api/disputes/${ids.disputeId}`,
      as: "admin",
      body: { status: "resolved", resolutionNotes: "forged", outcome: "void" },
    },
    // Settings and admin
    { method: "POST", route: "/api/settings/header-image", path: "/api/settings/header-image", as: "admin", body: { url: "https://attacker.example/pwned.png" } },
    { method: "POST", route: "/api/settings/public-ladder", path: "/api/settings/public-ladder", as: "admin", body: { enabled: false } },
    {
      method: "POST",
      route: "/api/settings/club-rules",
      path: "/api/settings/club-rules",
      as: "admin",
      body: { answerWindowHours: 1, playByDays: 1, approvalDays: 1, reminderPoint: 0.1, inactivityDays: 7 },
    },
    { method: "POST", route: "/api/settings/club-breaks", path: "/api/settings/club-breaks", as: "admin", body: { name: "Forged break", from: "2060-01-01", to: "2060-03-01" } },
    { method: "POST", route: "/api/admin/rating-model", path: "/api/admin/rating-model", as: "admin", body: { model: "k40-24-10-mov-seeded" } },
    { method: "DELETE", route: "/api/settings/club-breaks/:id", path: `/api/settings/club-breaks/${ids.userId}`, as: "admin" },
    { method: "POST", route: "/api/admin/seasons", path: "/api/admin/seasons", as: "admin", body: { name: "Forged season", firstDay: "2061-01-01", lastDay: "2061-03-01", carryOverPercent: 50 } },
    {
      method: "PUT",
      route: "/api/admin/seasons/:id",
      path: `/api/admin/seasons/${ids.userId}`,
      as: "admin",
      body: { name: "Forged season", firstDay: "2062-01-01", lastDay: "2062-03-01", carryOverPercent: 50 },
    },
    { method: "POST", route: "/api/admin/seasons/:id/close", path: `/api/admin/seasons/${ids.userId}/close`, as: "admin" },
    { method: "POST", route: "/api/admin/users/:id/suspend", path: `/api/admin/users/${ids.userId}/suspend`, as: "admin", body: { reason: "forged" } },
    { method: "POST", route: "/api/admin/users/:id/unsuspend", path: `/api/admin/users/${ids.userId}/unsuspend`, as: "admin" },
    { method: "DELETE", route: "/api/admin/users/:id", path: `/api/admin/users/${ids.userId}`, as: "admin" },
    { method: "POST", route: "/api/admin/users/:id/promote", path: `/api/admin/users/${ids.userId}/promote`, as: "admin" },
    { method: "POST", route: "/api/admin/users/:id/demote", path: `/api/admin/users/${ids.userId}/demote`, as: "admin" },
    { method: "POST", route: "/api/admin/mail-delivery/retry", path: "/api/admin/mail-delivery/retry", as: "admin", body: { all: true } },
    { method: "POST", route: "/api/notifications/read", path: "/api/notifications/read", as: "captain", body: { all: true } },
    { method: "PUT", route: "/api/notifications/preferences", path: "/api/notifications/preferences", as: "captain", body: { email: { challenges: false } } },
    // A forged subscription would send the member's pushes to someone else's device.
    { method: "POST", route: "/api/push/subscriptions", path: "/api/push/subscriptions", as: "captain", body: CSRF_PUSH_SUBSCRIPTION },
    { method: "DELETE", route: "/api/push/subscriptions", path: "/api/push/subscriptions", as: "captain", body: { endpoint: CSRF_PUSH_SUBSCRIPTION.endpoint } },
    // A forged reset would retire the member's calendar link; a forged week would mislead the challenge form.
    { method: "POST", route: "/api/calendar-feed", path: "/api/calendar-feed", as: "captain", body: {} },
    {
      method: "PUT",
      route: "/api/user/availability",
      path: "/api/user/availability",
      as: "captain",
      body: { availability: Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, { morning: true, afternoon: true, evening: true }])) },
    },
    { method: "DELETE", route: "/api/admin/teams/:id", path: `/api/admin/teams/${ids.otherTeamId}`, as: "admin", body: { reason: "forged" } },
    { method: "POST", route: "/api/admin/teams/:id/restore", path: `/api/admin/teams/${ids.otherTeamId}/restore`, as: "admin" },
    { method: "DELETE", route: "/api/admin/teams/:id/permanent", path: `/api/admin/teams/${ids.otherTeamId}/permanent`, as: "admin" },
    {
      method: "POST",
      route: "/api/admin/import-backup",
      path: "/api/admin/import-backup?mode=overwrite",
      as: "admin",
      body: { formatVersion: 1, tables: { users: [], teams: [], challenges: [], matches: [], disputes: [], system_settings: [] } },
    },
    {
      method: "POST",
      route: "/api/admin/backups/:name/restore",
      path: "/api/admin/backups/doubles-ladder-backup-2040-01-01T00-00-00Z.json/restore?mode=overwrite",
      as: "admin",
    },
    { method: "DELETE", route: "/api/admin/purge-confirmed-matches", path: "/api/admin/purge-confirmed-matches", as: "admin" },
    { method: "POST", route: "/api/admin/reset-data", path: "/api/admin/reset-data", as: "admin" },
  ];
}

/** The body as a browser form would carry it: field=value pairs (nested values as JSON). */
export function formFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== "object") return {};
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]));
}
