// The authorization matrix (docs/security.md, controls): every route of the API × every role, with the
// status each role must get. authz.test.ts generates one test per row and fails when a route of
// the app is missing here (or a row names a route that does not exist).
//
// Roles: anonymous (no cookie) · unverified (signed in, email not verified) · pending (verified,
// not approved) · suspended (signed in, then suspended) · partner (of team A) · captainA ·
// captainB · adminNoMfa (an admin without a second factor) · admin (no team, second factor on,
// signed in with a code). The app runs with ADMIN_MFA_REQUIRED=true. Refusals: 401 signed out (a suspended session counts as signed out),
// 403 wrong role or not the owner where the resource is visible to the role anyway (teams are
// public; a challenge or match of one's own team), 404 where the resource belongs to other teams
// only (a challenge or match the role's team is not part of: its existence is not revealed).
//
// Each row's `call` builds a VALID request for that role (fresh targets where the call changes
// something), so a 400 never hides an authorization hole. `isolate` rows get a fresh world for each
// role (the call ends sessions or removes the role's own team).
import type { Role, World } from "./helpers";
import {
  adminCode,
  freshChallenge,
  freshDispute,
  freshInvitee,
  freshMatch,
  freshTeam,
  uniq,
} from "./helpers";
import type { TestApp } from "../helpers/app";
import { createAdmin, PASSWORD } from "../helpers/factories";
import { totpCode } from "../../server/auth/second-factor";
import { startEnrolment } from "../../server/modules/auth/second-factor.service";
import { unsubscribeToken } from "../../server/mail/unsubscribe";
import { testPushSubscription } from "../helpers/push-service";
import { issueToken } from "../../server/auth/tokens";
import { registration } from "../../server/modules/accounts/accounts.fixtures";
import { runScheduledBackup } from "../../server/modules/admin/scheduled-backups";
import { resetCalendarFeed } from "../../server/modules/calendar/calendar.service";
import { evaluateRatingModels } from "../../server/modules/ladder/rating-model.service";
import { storeRatingSettings } from "../../server/modules/ladder/rating-settings";
import { challengeSlots, challenges, clubBreaks, seasons, teamAway, users } from "@shared/schema";
import { addDays, clubDay } from "@shared/time";
import { and, eq } from "drizzle-orm";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Expected = number | readonly number[];

export interface CallContext {
  t: TestApp;
  w: World;
  role: Role;
}

export interface Call {
  /** The concrete URL (the row's path with its parameters filled in). */
  url: string;
  body?: unknown;
}

export interface MatrixRow {
  method: Method;
  /** The route's pattern, exactly as Express knows it. */
  path: string;
  /** A second row for the same route says which case it checks. */
  case?: string;
  expect: Record<Role, Expected>;
  /** Builds the request; default: the path itself, no body (GET) or {} (others). */
  call?: (c: CallContext) => Promise<Call> | Call;
  /** The role's own session is used up by the call (sign-in, sign-out): use a fresh one. */
  freshSession?: boolean;
  /** A fresh world for each role (the call removes the role's team or ends its sessions). */
  isolate?: boolean;
  /** The answer is an event stream that does not end: only its status (and a refusal's body) is read. */
  stream?: boolean;
}

// ---- expectation shorthands -------------------------------------------------------------------
type Partial8 = Partial<Record<Role, Expected>>;
const all = (s: Expected): Record<Role, Expected> => ({
  anonymous: s, unverified: s, pending: s, suspended: s, partner: s, captainA: s, captainB: s, adminNoMfa: s, admin: s,
});
/** Public: every role, signed in or not. */
const everyone = (s: Expected) => all(s);
/** Any signed-in user. */
const signedIn = (s: Expected, over: Partial8 = {}) => ({ ...all(s), anonymous: 401, suspended: 401, ...over });
/** requireVerified: unverified users only reach the verify-email flow. */
const verified = (s: Expected, over: Partial8 = {}) => signedIn(s, { unverified: 403, ...over });
/** requireApproved: verified and approved by an admin (admins pass). */
const approved = (s: Expected, over: Partial8 = {}) => verified(s, { pending: 403, ...over });
/** requireCaptain: an approved captain of a team; partners and the team-less admin are refused. */
const captain = (over: Partial8) => approved(403, { ...over });
/** requireAdmin: an admin who must set up a second factor and has not is refused (403) too. */
const adminOnly = (s: Expected) => ({ ...all(403), anonymous: 401, suspended: 401, admin: s });
/** Setting up the second factor: any admin, also one who has not set it up yet. */
const anyAdmin = (s: Expected, noMfa: Expected = s) => ({ ...all(403), anonymous: 401, suspended: 401, admin: s, adminNoMfa: noMfa });

/** A club day `d` days from today (the app's zone). */
const clubDayIn = (t: TestApp, d: number) => addDays(clubDay(new Date(), t.env.CLUB_TIMEZONE), d);
/** Team A's away ranges cleared, then one from tomorrow for a week: its id. */
async function freshAway(t: TestApp, w: World): Promise<number> {
  await t.db.delete(teamAway).where(eq(teamAway.teamId, w.A.team.id));
  const [row] = await t.db.insert(teamAway).values({ teamId: w.A.team.id, firstDay: clubDayIn(t, 1), lastDay: clubDayIn(t, 7) }).returning();
  return row!.id;
}

const inDays = (d: number) => new Date(Date.now() + d * 24 * 60 * 60 * 1000).toISOString();
/** A scheduled backup of the test app's database, in its BACKUP_DIR (a new hour each time: a new period). */
let backupHour = 0;
async function scheduledBackup(t: TestApp): Promise<string> {
  const run = await runScheduledBackup({ ...t.deps, env: { ...t.deps.env, BACKUP_SCHEDULE: "hourly" } }, { now: new Date(Date.UTC(2040, 0, 1, backupHour++)) });
  if (!("written" in run)) throw new Error("no scheduled backup written");
  return run.written;
}

/** A club break far ahead, a new stretch each time (breaks never overlap; one going on now would stop new challenges). */
let breakSlot = 0;
function futureBreakDays(): { from: string; to: string } {
  const start = Date.UTC(2045, 0, 1) + breakSlot++ * 3 * 86_400_000;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(start), to: day(start + 86_400_000) };
}

/** Seasons of the matrix: far from today (none current: a current season gives new teams wildcards), a new stretch each time. */
let seasonSlot = 0;
function seasonDays(year: number): { firstDay: string; lastDay: string } {
  const start = Date.UTC(year, 0, 1) + seasonSlot++ * 3 * 86_400_000;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { firstDay: day(start), lastDay: day(start + 86_400_000) };
}
/** A season whose days are over, closed (closedAt set) or waiting for its close: its id. */
async function pastSeason(t: TestApp, closed: boolean): Promise<number> {
  const [row] = await t.db
    .insert(seasons)
    .values({ name: "Matrix season", ...seasonDays(1990), closedAt: closed ? new Date() : null })
    .returning();
  return row!.id;
}
/** A future time on the challenge form's grid: `d` days ahead at 18:00 UTC (10:00 or 11:00 in Vancouver). */
function gridDay(d: number): string {
  const day = new Date(Date.now() + d * 86_400_000);
  day.setUTCHours(18, 0, 0, 0);
  return day.toISOString();
}
/** One open proposed time of the challenge by `byTeamId`, awaiting `awaitingTeamId`'s answer: its id. */
async function freshSlot(t: TestApp, challengeId: number, byTeamId: number, awaitingTeamId: number): Promise<number> {
  await t.db.update(challenges).set({ awaitingTeamId }).where(eq(challenges.id, challengeId));
  const [row] = await t.db
    .insert(challengeSlots)
    .values({ challengeId, startsAt: new Date(gridDay(5)), location: "UBC grass", proposedByTeamId: byTeamId, round: 1 })
    .returning({ id: challengeSlots.id });
  return row!.id;
}

const EMPTY_BACKUP = {
  formatVersion: 1,
  tables: { users: [], teams: [], challenges: [], matches: [], disputes: [], system_settings: [] },
};

// ---- the table ----------------------------------------------------------------------------------
export const MATRIX: MatrixRow[] = [
  // system
  { method: "GET", path: "/api/health", expect: everyone(200) },
  { method: "GET", path: "/api/ready", expect: everyone(200) },
  { method: "GET", path: "/api/openapi.json", expect: everyone(200) },
  // Its rendered page and the page's files: to whom the document is (docs/decisions/037-api-reference-page.md).
  { method: "GET", path: "/api/docs", expect: everyone(200) },
  { method: "GET", path: "/api/docs/:file", expect: everyone(200), call: () => ({ url: "/api/docs/init.js" }) },
  // Without METRICS_TOKEN (as here) the route does not exist for anyone, session or not; with it, a
  // session is no key either (server/modules/system/metrics.test.ts: 401 without the bearer token).
  { method: "GET", path: "/api/metrics", expect: everyone(404) },

  // session
  { method: "GET", path: "/api/user", expect: signedIn(200) },
  { method: "GET", path: "/api/notifications", expect: signedIn(200) },
  { method: "POST", path: "/api/notifications/read", expect: signedIn(200), call: () => ({ url: "/api/notifications/read", body: { all: true } }) },
  // What waits for the member (the menu's counts): their own team's, and the admin's work for admins.
  { method: "GET", path: "/api/waiting", expect: signedIn(200) },
  // Each member's own email switches (no id in the path: nobody reaches another's).
  { method: "GET", path: "/api/notifications/preferences", expect: signedIn(200) },
  {
    method: "PUT",
    path: "/api/notifications/preferences",
    expect: signedIn(200),
    call: () => ({ url: "/api/notifications/preferences", body: { email: { results: false } } }),
  },
  // Push on this device: the server's key, and each member's own browser subscriptions (by
  // endpoint; another member's endpoint is never removed). The endpoints are on a closed local port.
  { method: "GET", path: "/api/push/public-key", expect: signedIn(200) },
  { method: "POST", path: "/api/push/subscriptions", expect: signedIn(200), call: () => ({ url: "/api/push/subscriptions", body: testPushSubscription() }) },
  { method: "DELETE", path: "/api/push/subscriptions", expect: signedIn(200), call: () => ({ url: "/api/push/subscriptions", body: { endpoint: testPushSubscription().endpoint } }) },
  // The one-click unsubscribe link: its signed token is the authority, whoever holds it.
  {
    method: "GET",
    path: "/api/unsubscribe/:token",
    expect: everyone(200),
    call: ({ t, w }) => ({ url: `/api/unsubscribe/${unsubscribeToken(t.env.SESSION_SECRET, w.spare.captain.id, "challenges")}` }),
  },
  {
    method: "POST",
    path: "/api/unsubscribe/:token",
    expect: everyone(200),
    call: ({ t, w }) => ({ url: `/api/unsubscribe/${unsubscribeToken(t.env.SESSION_SECRET, w.spare.captain.id, "challenges")}`, body: {} }),
  },
  // Live updates: a 200 is the start of an event stream (the check stops reading at its headers).
  { method: "GET", path: "/api/events", expect: signedIn(200), stream: true },
  {
    method: "POST",
    path: "/api/login",
    expect: everyone(200),
    freshSession: true,
    call: ({ w }) => ({ url: "/api/login", body: { username: w.spare.captain.username, password: PASSWORD } }),
  },
  { method: "POST", path: "/api/logout", expect: everyone(200), freshSession: true },
  // The code step needs the password step first (in the same session): without it, 401 for everyone.
  { method: "POST", path: "/api/login/second-factor", expect: everyone(401), call: () => ({ url: "/api/login/second-factor", body: { code: "123456" } }) },

  // the second factor (admins; one without it may set it up)
  { method: "GET", path: "/api/second-factor", expect: anyAdmin(200) },
  {
    method: "POST",
    path: "/api/second-factor/enrol",
    expect: anyAdmin(200),
    call: async ({ t, w, role }) => ({ url: "/api/second-factor/enrol", body: role === "admin" ? { code: await adminCode(t, w) } : {} }),
  },
  {
    method: "POST",
    path: "/api/second-factor/confirm",
    expect: anyAdmin(200),
    isolate: true,
    call: async ({ t, w, role }) => {
      // A set-up waiting for its code (for the admin: a re-enrolment, with a current code).
      const user = role === "admin" ? w.admin : w.adminNoMfa;
      const { secret } = await startEnrolment(t.deps, { actor: { ...user, username: "matrix" }, ...(role === "admin" ? { code: await adminCode(t, w) } : {}) });
      return { url: "/api/second-factor/confirm", body: { code: totpCode(secret) } };
    },
  },
  {
    method: "POST",
    path: "/api/second-factor/disable",
    // Required on this server: refused (409) for any admin; the route itself is admins only.
    expect: anyAdmin(409),
    call: async ({ t, w }) => ({ url: "/api/second-factor/disable", body: { code: await adminCode(t, w) } }),
  },

  // accounts (public flows: the same for everyone; tokens are fresh for each call)
  { method: "POST", path: "/api/register-team", expect: everyone(201), call: () => ({ url: "/api/register-team", body: registration() }) },
  {
    method: "POST",
    path: "/api/verify-email/:token",
    expect: everyone(200),
    call: async ({ t }) => {
      const { captain: u } = await freshTeam(t, { verified: false, approved: false });
      return { url: `/api/verify-email/${await issueToken(t.db, { purpose: "email_verification", userId: u.id })}` };
    },
  },
  {
    method: "POST",
    path: "/api/resend-verification",
    expect: everyone(200),
    call: async ({ t }) => {
      const { captain: u } = await freshTeam(t, { verified: false, approved: false });
      return { url: "/api/resend-verification", body: { email: u.email } };
    },
  },
  { method: "GET", path: "/api/invite/:token", expect: everyone(200), call: async ({ t }) => ({ url: `/api/invite/${(await freshInvitee(t)).token}` }) },
  {
    method: "POST",
    path: "/api/accept-invite/:token",
    expect: everyone(200),
    call: async ({ t }) => ({ url: `/api/accept-invite/${(await freshInvitee(t)).token}`, body: { username: `inv_${uniq()}`, password: "Partner12" } }),
  },
  { method: "POST", path: "/api/recover-username", expect: everyone(200), call: ({ w }) => ({ url: "/api/recover-username", body: { email: w.spare.partner.email } }) },
  {
    method: "POST",
    path: "/api/reset-password",
    expect: everyone(200),
    call: ({ w }) => ({ url: "/api/reset-password", body: { username: w.spare.partner.username, email: w.spare.partner.email } }),
  },
  {
    method: "GET",
    path: "/api/reset-password/:token",
    expect: everyone(200),
    call: async ({ t, w }) => ({ url: `/api/reset-password/${await issueToken(t.db, { purpose: "password_reset", userId: w.spare.partner.id })}` }),
  },
  {
    method: "POST",
    path: "/api/reset-password/:token",
    expect: everyone(200),
    call: async ({ t }) => {
      const { captain: u } = await freshTeam(t);
      return { url: `/api/reset-password/${await issueToken(t.db, { purpose: "password_reset", userId: u.id })}`, body: { newPassword: "Fresh456" } };
    },
  },

  // the approval gate
  { method: "GET", path: "/api/admin/pending-users", expect: adminOnly(200) },
  {
    method: "POST",
    path: "/api/admin/approve-user/:id",
    expect: adminOnly(200),
    call: async ({ t }) => ({ url: `/api/admin/approve-user/${(await freshTeam(t, { approved: false })).captain.id}` }),
  },
  {
    method: "POST",
    path: "/api/admin/reject-user/:id",
    expect: adminOnly(200),
    call: async ({ t }) => ({ url: `/api/admin/reject-user/${(await freshTeam(t, { approved: false })).captain.id}`, body: { reason: "Not a club member." } }),
  },

  // teams and users (teams are public to verified users; only the team's captain changes it)
  { method: "GET", path: "/api/teams", expect: verified(200) },
  // The signed-out ladder (on by default): a surface ladder answers everyone; whoever cannot pass
  // requireVerified reads it without emails (settings.test.ts: turned off, it is 401/403 again).
  { method: "GET", path: "/api/teams", case: "a surface ladder, readable signed out", expect: everyone(200), call: () => ({ url: "/api/teams?surface=grass" }) },
  { method: "GET", path: "/api/teams/:id", expect: verified(200), call: ({ w }) => ({ url: `/api/teams/${w.A.team.id}` }) },
  { method: "GET", path: "/api/teams/:id/members", expect: verified(200), call: ({ w }) => ({ url: `/api/teams/${w.A.team.id}/members` }) },
  { method: "GET", path: "/api/teams/:id/rating-history", expect: verified(200), call: ({ w }) => ({ url: `/api/teams/${w.A.team.id}/rating-history` }) },
  { method: "GET", path: "/api/teams/:id/head-to-head", expect: verified(200), call: ({ w }) => ({ url: `/api/teams/${w.A.team.id}/head-to-head` }) },
  { method: "GET", path: "/api/teams/:id/response-record", expect: verified(200), call: ({ w }) => ({ url: `/api/teams/${w.A.team.id}/response-record` }) },
  {
    method: "PUT",
    path: "/api/teams/:id",
    case: "team A's profile",
    expect: captain({ captainA: 200 }),
    call: ({ w }) => ({ url: `/api/teams/${w.A.team.id}`, body: { name: `Alpha ${uniq()}`, bio: "We play on Sundays." } }),
  },
  {
    method: "POST",
    path: "/api/teams/:id/partner",
    case: "team A, whose partner left",
    expect: captain({ captainA: 200 }),
    isolate: true,
    call: async ({ t, w }) => {
      await t.db.update(users).set({ teamId: null, isPartner: false }).where(and(eq(users.teamId, w.A.team.id), eq(users.isPartner, true)));
      return { url: `/api/teams/${w.A.team.id}/partner`, body: { partnerName: "New Partner", partnerEmail: `new_${uniq()}@example.test` } };
    },
  },
  {
    method: "DELETE",
    path: "/api/teams/:id",
    case: "team A",
    expect: captain({ captainA: 200 }),
    isolate: true,
    call: ({ w }) => ({ url: `/api/teams/${w.A.team.id}`, body: { reason: "Moving away." } }),
  },
  // A team's away ranges: anyone signed in reads them; only the team's own captain changes them.
  { method: "GET", path: "/api/teams/:id/away", expect: verified(200), call: ({ w }) => ({ url: `/api/teams/${w.A.team.id}/away` }) },
  {
    method: "POST",
    path: "/api/teams/:id/away",
    case: "team A",
    expect: captain({ captainA: 201 }),
    call: async ({ t, w }) => {
      await t.db.delete(teamAway).where(eq(teamAway.teamId, w.A.team.id));
      return { url: `/api/teams/${w.A.team.id}/away`, body: { firstDay: clubDayIn(t, 2), lastDay: clubDayIn(t, 5) } };
    },
  },
  {
    method: "PATCH",
    path: "/api/teams/:id/away/:awayId",
    case: "team A's range",
    expect: captain({ captainA: 200 }),
    call: async ({ t, w }) => ({ url: `/api/teams/${w.A.team.id}/away/${await freshAway(t, w)}`, body: { lastDay: clubDayIn(t, 3) } }),
  },
  {
    method: "DELETE",
    path: "/api/teams/:id/away/:awayId",
    case: "team A's range",
    expect: captain({ captainA: 200 }),
    call: async ({ t, w }) => ({ url: `/api/teams/${w.A.team.id}/away/${await freshAway(t, w)}` }),
  },
  { method: "GET", path: "/api/users", expect: verified(200) },

  // challenges (A→B: A's captain sends and cancels, B's captain answers; others' challenges are 404)
  {
    method: "POST",
    path: "/api/challenges",
    expect: captain({ captainA: 201, captainB: 201 }),
    call: async ({ t }) => {
      const target = await freshTeam(t);
      return {
        url: "/api/challenges",
        body: { challengedTeamId: target.team.id, location: "UBC grass", competitionType: "Men's Doubles", notes: "Call 555-0100", proposedDateTime: inDays(3) },
      };
    },
  },
  { method: "GET", path: "/api/challenges/candidates", expect: verified(200) },
  { method: "GET", path: "/api/challenges/incoming", expect: verified(200) },
  { method: "GET", path: "/api/challenges/outgoing", expect: verified(200) },
  {
    method: "GET",
    path: "/api/challenges/:id/calendar.ics",
    case: "accepted A→B",
    expect: verified(404, { partner: 200, captainA: 200, captainB: 200 }),
    call: async ({ t, w }) => ({ url: `/api/challenges/${(await freshChallenge(t, w.A, w.B, "accepted")).id}/calendar.ics` }),
  },
  {
    method: "PATCH",
    path: "/api/challenges/:id",
    case: "accept A→B",
    expect: captain({ captainB: 200 }),
    call: async ({ t, w }) => ({ url: `/api/challenges/${(await freshChallenge(t, w.A, w.B, "pending")).id}`, body: { status: "accepted" } }),
  },
  {
    method: "PATCH",
    path: "/api/challenges/:id",
    case: "cancel A→B",
    expect: captain({ captainA: 200 }),
    call: async ({ t, w }) => ({ url: `/api/challenges/${(await freshChallenge(t, w.A, w.B, "pending")).id}`, body: { status: "canceled" } }),
  },
  {
    method: "PATCH",
    path: "/api/challenges/:id",
    case: "accept A→C (B is no party)",
    expect: captain({ captainB: 404 }),
    call: async ({ t, w }) => ({ url: `/api/challenges/${(await freshChallenge(t, w.A, await freshTeam(t), "pending")).id}`, body: { status: "accepted" } }),
  },
  {
    method: "DELETE",
    path: "/api/challenges/:id",
    case: "A→B",
    expect: captain({ captainA: 200 }),
    call: async ({ t, w }) => ({ url: `/api/challenges/${(await freshChallenge(t, w.A, w.B, "accepted")).id}` }),
  },
  {
    method: "DELETE",
    path: "/api/challenges/:id",
    case: "C→A (B is no party)",
    expect: captain({ captainB: 404 }),
    call: async ({ t, w }) => ({ url: `/api/challenges/${(await freshChallenge(t, await freshTeam(t), w.A, "pending")).id}` }),
  },

  // proposed times (A→B: B's captain answers a pending challenge's times; either captain may move an accepted one)
  {
    method: "POST",
    path: "/api/challenges/:id/slots",
    case: "counter-proposal to A→B",
    expect: captain({ captainA: 409, captainB: 201 }),
    call: async ({ t, w }) => ({ url: `/api/challenges/${(await freshChallenge(t, w.A, w.B, "pending")).id}/slots`, body: { slots: [{ startsAt: gridDay(4) }] } }),
  },
  {
    method: "POST",
    path: "/api/challenges/:id/slots",
    case: "reschedule of A→C (B is no party)",
    expect: captain({ captainA: 201, captainB: 404 }),
    call: async ({ t, w }) => ({ url: `/api/challenges/${(await freshChallenge(t, w.A, await freshTeam(t), "accepted")).id}/slots`, body: { slots: [{ startsAt: gridDay(4) }] } }),
  },
  {
    method: "DELETE",
    path: "/api/challenges/:id/slots",
    case: "A's reschedule of A→B",
    expect: captain({ captainA: 200, captainB: 409 }),
    call: async ({ t, w }) => {
      const c = await freshChallenge(t, w.A, w.B, "accepted");
      await freshSlot(t, c.id, w.A.team.id, w.B.team.id);
      return { url: `/api/challenges/${c.id}/slots` };
    },
  },
  {
    method: "POST",
    path: "/api/challenges/:id/slots/:slotId/accept",
    case: "A→B's proposed time",
    expect: captain({ captainA: 403, captainB: 200 }),
    call: async ({ t, w }) => {
      const c = await freshChallenge(t, w.A, w.B, "pending");
      return { url: `/api/challenges/${c.id}/slots/${await freshSlot(t, c.id, w.A.team.id, w.B.team.id)}/accept` };
    },
  },
  {
    method: "PUT",
    path: "/api/challenges/:id/slots/:slotId/answer",
    case: "A→B's proposed time: the four players",
    expect: approved(404, { partner: 200, captainA: 200, captainB: 200 }),
    call: async ({ t, w }) => {
      const c = await freshChallenge(t, w.A, w.B, "pending");
      return { url: `/api/challenges/${c.id}/slots/${await freshSlot(t, c.id, w.A.team.id, w.B.team.id)}/answer`, body: { canPlay: true } };
    },
  },
  {
    method: "PUT",
    path: "/api/challenges/:id/slots/:slotId/answer",
    case: "A→C's proposed time (B is no party)",
    expect: approved(404, { partner: 200, captainA: 200 }),
    call: async ({ t, w }) => {
      const C = await freshTeam(t);
      const c = await freshChallenge(t, w.A, C, "pending");
      return { url: `/api/challenges/${c.id}/slots/${await freshSlot(t, c.id, w.A.team.id, C.team.id)}/answer`, body: { canPlay: false } };
    },
  },

  // results
  { method: "GET", path: "/api/matches", expect: verified(200) },
  { method: "GET", path: "/api/matches/user", expect: verified(200) },
  { method: "GET", path: "/api/matches/stats", expect: verified(200) },
  { method: "GET", path: "/api/matches/awaiting-approval", expect: verified(200) },
  { method: "GET", path: "/api/matches/team/:teamId", expect: verified(200), call: ({ w }) => ({ url: `/api/matches/team/${w.A.team.id}` }) },
  { method: "GET", path: "/api/matches/token/:token", expect: everyone(200), call: ({ w }) => ({ url: `/api/matches/token/${w.matchAB.token}` }) },
  { method: "GET", path: "/api/matches/confirm/:token", expect: everyone(200), call: ({ w }) => ({ url: `/api/matches/confirm/${w.matchAB.token}` }) },
  {
    method: "POST",
    path: "/api/matches",
    case: "accepted A→B",
    expect: captain({ captainA: 201, captainB: 201 }),
    call: async ({ t, w }) => {
      const c = await freshChallenge(t, w.A, w.B, "accepted");
      return { url: "/api/matches", body: { challengeId: c.id, team1Id: w.A.team.id, team2Id: w.B.team.id, winnerTeamId: w.A.team.id, score: "[[3,1],[3,2]]", notes: null } };
    },
  },
  {
    method: "POST",
    path: "/api/matches",
    case: "accepted A→C (B is no party)",
    expect: captain({ captainA: 201, captainB: 404 }),
    call: async ({ t, w }) => {
      const C = await freshTeam(t);
      const c = await freshChallenge(t, w.A, C, "accepted");
      return { url: "/api/matches", body: { challengeId: c.id, team1Id: w.A.team.id, team2Id: C.team.id, winnerTeamId: C.team.id, score: "[[1,3],[2,3]]", notes: null } };
    },
  },
  {
    method: "POST",
    path: "/api/matches/confirm/:token",
    expect: everyone(200),
    call: async ({ t, w }) => ({ url: `/api/matches/confirm/${(await freshMatch(t, w.A, w.B)).token}` }),
  },
  {
    method: "POST",
    path: "/api/matches/dispute/:token",
    expect: everyone(200),
    call: async ({ t, w }) => ({ url: `/api/matches/dispute/${(await freshMatch(t, w.A, w.B)).token}`, body: { reason: "We won the third set 3-1." } }),
  },
  {
    method: "POST",
    path: "/api/matches/:id/approve",
    case: "reported by A",
    expect: approved(404, { partner: 403, captainA: 403, captainB: 200 }),
    call: async ({ t, w }) => ({ url: `/api/matches/${(await freshMatch(t, w.A, w.B)).match.id}/approve` }),
  },
  {
    method: "POST",
    path: "/api/matches/:id/approve",
    case: "reported by B",
    expect: approved(404, { partner: 200, captainA: 200, captainB: 403 }),
    call: async ({ t, w }) => ({ url: `/api/matches/${(await freshMatch(t, w.B, w.A)).match.id}/approve` }),
  },
  {
    method: "POST",
    path: "/api/matches/:id/approve",
    case: "reported by C against A (B is no party)",
    expect: approved(404, { partner: 200, captainA: 200 }),
    call: async ({ t, w }) => ({ url: `/api/matches/${(await freshMatch(t, await freshTeam(t), w.A)).match.id}/approve` }),
  },
  {
    method: "POST",
    path: "/api/matches/:id/withdraw",
    case: "reported by A against C",
    expect: captain({ captainA: 200, captainB: 404 }),
    call: async ({ t, w }) => ({ url: `/api/matches/${(await freshMatch(t, w.A, await freshTeam(t))).match.id}/withdraw` }),
  },
  {
    method: "POST",
    path: "/api/matches/:id/withdraw",
    case: "reported by C against B (A is no party)",
    expect: captain({ captainA: 404, captainB: 403 }),
    call: async ({ t, w }) => ({ url: `/api/matches/${(await freshMatch(t, await freshTeam(t), w.B)).match.id}/withdraw` }),
  },
  {
    method: "POST",
    path: "/api/matches/:id/dispute",
    case: "reported by A",
    expect: approved(404, { partner: 403, captainA: 403, captainB: 200 }),
    call: async ({ t, w }) => ({ url: `/api/matches/${(await freshMatch(t, w.A, w.B)).match.id}/dispute`, body: { reason: "The score was 3-1, 1-3, 3-2." } }),
  },
  {
    method: "POST",
    path: "/api/matches/:id/dispute",
    case: "reported by C against A (B is no party)",
    expect: approved(404, { partner: 200, captainA: 200 }),
    call: async ({ t, w }) => ({
      url: `/api/matches/${(await freshMatch(t, await freshTeam(t), w.A)).match.id}/dispute`,
      body: { reason: "The score was 3-1, 1-3, 3-2." },
    }),
  },

  // disputes (admin)
  { method: "GET", path: "/api/disputes/pending", expect: adminOnly(200) },
  {
    method: "PATCH",
    path: "/api/disputes/:id",
    expect: adminOnly(200),
    call: async ({ t, w }) => ({
      url: `/api/disputes/${(await freshDispute(t, w)).disputeId}`,
      body: { status: "resolved", resolutionNotes: "Both captains agreed.", outcome: "uphold" },
    }),
  },

  // admin
  { method: "GET", path: "/api/admin/stats", expect: adminOnly(200) },
  { method: "GET", path: "/api/admin/teams", expect: adminOnly(200) },
  {
    method: "POST",
    path: "/api/admin/users/:id/suspend",
    expect: adminOnly(200),
    call: async ({ t }) => ({ url: `/api/admin/users/${(await freshTeam(t)).partner.id}/suspend`, body: { reason: "No-shows." } }),
  },
  {
    method: "POST",
    path: "/api/admin/users/:id/resend-invite",
    expect: adminOnly(200),
    call: async ({ t }) => ({ url: `/api/admin/users/${(await freshInvitee(t)).user.id}/resend-invite` }),
  },
  {
    method: "POST",
    path: "/api/admin/users/:id/unsuspend",
    expect: adminOnly(200),
    call: async ({ t }) => {
      const { partner } = await freshTeam(t);
      await t.db.update(users).set({ isSuspended: true, suspensionReason: "No-shows." }).where(eq(users.id, partner.id));
      return { url: `/api/admin/users/${partner.id}/unsuspend` };
    },
  },
  { method: "DELETE", path: "/api/admin/users/:id", expect: adminOnly(200), call: async ({ t }) => ({ url: `/api/admin/users/${(await freshTeam(t)).partner.id}` }) },
  { method: "GET", path: "/api/admin/admins", expect: adminOnly(200) },
  { method: "GET", path: "/api/admin/mail-delivery", expect: adminOnly(200) },
  { method: "POST", path: "/api/admin/mail-delivery/retry", expect: adminOnly(200), call: () => ({ url: "/api/admin/mail-delivery/retry", body: { all: true } }) },
  {
    method: "POST",
    path: "/api/admin/users/:id/promote",
    expect: adminOnly(200),
    call: async ({ t }) => ({ url: `/api/admin/users/${(await freshTeam(t)).captain.id}/promote` }),
  },
  {
    method: "POST",
    path: "/api/admin/users/:id/demote",
    expect: adminOnly(200),
    call: async ({ t }) => ({ url: `/api/admin/users/${(await createAdmin(t.db)).id}/demote` }),
  },
  {
    method: "DELETE",
    path: "/api/admin/teams/:id",
    expect: adminOnly(200),
    call: async ({ t }) => ({ url: `/api/admin/teams/${(await freshTeam(t)).team.id}`, body: { reason: "Left the club." } }),
  },
  {
    method: "POST",
    path: "/api/admin/teams/:id/restore",
    expect: adminOnly(200),
    call: async ({ t }) => ({ url: `/api/admin/teams/${(await freshTeam(t, { team: { deletedAt: new Date(), deletionReason: "Left." } })).team.id}/restore` }),
  },
  {
    method: "DELETE",
    path: "/api/admin/teams/:id/permanent",
    expect: adminOnly(200),
    call: async ({ t }) => ({ url: `/api/admin/teams/${(await freshTeam(t, { team: { deletedAt: new Date(), deletionReason: "Left." } })).team.id}/permanent` }),
  },
  { method: "GET", path: "/api/admin/export-users", expect: adminOnly(200) },
  { method: "GET", path: "/api/admin/export-full-backup", expect: adminOnly(200) },
  { method: "POST", path: "/api/admin/import-backup", expect: adminOnly(200), call: () => ({ url: "/api/admin/import-backup?mode=merge", body: EMPTY_BACKUP }) },
  { method: "GET", path: "/api/admin/operations/current", expect: adminOnly(200) },
  { method: "GET", path: "/api/admin/backups", expect: adminOnly(200) },
  { method: "GET", path: "/api/admin/backups/:name", expect: adminOnly(200), call: async ({ t }) => ({ url: `/api/admin/backups/${await scheduledBackup(t)}` }) },
  {
    method: "POST",
    path: "/api/admin/backups/:name/restore",
    expect: adminOnly(200),
    // Merging the database's own backup changes nothing (merge twice = merge once).
    call: async ({ t }) => ({ url: `/api/admin/backups/${await scheduledBackup(t)}/restore?mode=merge` }),
  },
  { method: "DELETE", path: "/api/admin/purge-confirmed-matches", expect: adminOnly(200) },

  // calendar feed (a member's own address; the feed itself is a token view for calendar apps)
  { method: "GET", path: "/api/calendar-feed", expect: verified(200) },
  { method: "POST", path: "/api/calendar-feed", expect: verified(200) },
  {
    method: "GET",
    path: "/api/calendar/:token.ics",
    case: "captain A's live feed",
    expect: everyone(200),
    call: async ({ t, w }) => {
      const link = await resetCalendarFeed({ ...t.deps }, { actor: { id: w.A.captain.id } });
      return { url: new URL(link.url!).pathname };
    },
  },
  { method: "GET", path: "/api/calendar/:token.ics", case: "a token of no feed", expect: everyone(404), call: () => ({ url: `/api/calendar/${"B".repeat(43)}.ics` }) },

  // weekly availability (a player's own; a team's for its members and same-category teams)
  {
    method: "PUT",
    path: "/api/user/availability",
    expect: verified(200),
    call: () => ({
      url: "/api/user/availability",
      body: { availability: Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, { morning: true, afternoon: false, evening: true }])) },
    }),
  },
  {
    method: "GET",
    path: "/api/teams/:id/availability",
    case: "team A (every team here plays Men's Doubles)",
    expect: verified(200),
    call: ({ w }) => ({ url: `/api/teams/${w.A.team.id}/availability` }),
  },
  {
    method: "GET",
    path: "/api/teams/:id/availability",
    case: "a team of another category",
    expect: verified(404, { admin: 200, adminNoMfa: 200 }),
    call: async ({ t }) => ({ url: `/api/teams/${(await freshTeam(t, { competitionType: "Mixed Doubles" })).team.id}/availability` }),
  },

  // settings
  { method: "GET", path: "/api/settings/header-image", expect: everyone(200) },
  { method: "GET", path: "/api/settings/club", expect: everyone(200) },
  {
    method: "POST",
    path: "/api/settings/header-image",
    expect: adminOnly(200),
    call: () => ({ url: "/api/settings/header-image", body: { url: "https://images.example.test/court.jpg" } }),
  },

  { method: "GET", path: "/api/settings/public-ladder", expect: everyone(200) },
  {
    method: "POST",
    path: "/api/settings/public-ladder",
    expect: adminOnly(200),
    // Left on: the signed-out ladder row must keep answering whatever the order of the rows.
    call: () => ({ url: "/api/settings/public-ladder", body: { enabled: true } }),
  },

  // the challenge clock: club rules and club breaks
  { method: "GET", path: "/api/settings/club-rules", expect: verified(200) },
  {
    method: "POST",
    path: "/api/settings/club-rules",
    expect: adminOnly(200),
    call: () => ({
      url: "/api/settings/club-rules",
      body: { answerWindowHours: 72, playByDays: 14, approvalDays: 3, reminderPoint: 0.67, inactivityDays: 28 },
    }),
  },
  { method: "GET", path: "/api/settings/club-break", expect: everyone(200) },
  { method: "GET", path: "/api/settings/club-breaks", expect: adminOnly(200) },
  {
    method: "POST",
    path: "/api/settings/club-breaks",
    expect: adminOnly(201),
    call: () => ({ url: "/api/settings/club-breaks", body: { name: "Matrix break", ...futureBreakDays() } }),
  },
  {
    method: "DELETE",
    path: "/api/settings/club-breaks/:id",
    expect: adminOnly(200),
    call: async ({ t }) => {
      const { from, to } = futureBreakDays();
      const [row] = await t.db
        .insert(clubBreaks)
        .values({ name: "Matrix break", startsAt: new Date(`${from}T08:00:00Z`), endsAt: new Date(`${to}T08:00:00Z`) })
        .returning();
      return { url: `/api/settings/club-breaks/${row!.id}` };
    },
  },

  // The rating model card. The switch replays every rating, so it comes late; the admin's call first
  // makes the worst model of the table the current one, so switching to the best is never refused.
  { method: "GET", path: "/api/admin/rating-model", expect: adminOnly(200) },
  {
    method: "POST",
    path: "/api/admin/rating-model",
    expect: adminOnly(200),
    call: async ({ t, role }) => {
      const { models } = await evaluateRatingModels({ db: t.db });
      const byBrier = [...models].sort((a, b) => (a.brier ?? 0) - (b.brier ?? 0));
      const best = byBrier[0]!;
      const worst = byBrier.find((m, i) => i > 0 && m.id !== best.id) ?? byBrier[1]!;
      if (role === "admin") await storeRatingSettings(t.db, worst.settings, null);
      return { url: "/api/admin/rating-model", body: { model: best.id } };
    },
  },
  // seasons: the archive is read like the ladder (signed out too while the signed-out ladder is on)
  { method: "GET", path: "/api/seasons/current", expect: everyone(200) },
  { method: "GET", path: "/api/seasons", expect: everyone(200) },
  { method: "GET", path: "/api/seasons/:id", expect: everyone(200), call: async ({ t }) => ({ url: `/api/seasons/${await pastSeason(t, true)}` }) },
  {
    method: "GET",
    path: "/api/seasons/:id/standings",
    expect: everyone(200),
    call: async ({ t }) => ({ url: `/api/seasons/${await pastSeason(t, true)}/standings?ladder=grass` }),
  },
  { method: "GET", path: "/api/admin/seasons", expect: adminOnly(200) },
  {
    method: "POST",
    path: "/api/admin/seasons",
    expect: adminOnly(201),
    call: () => ({ url: "/api/admin/seasons", body: { name: "Matrix season", ...seasonDays(2070), carryOverPercent: 10 } }),
  },
  {
    method: "PUT",
    path: "/api/admin/seasons/:id",
    expect: adminOnly(200),
    call: async ({ t }) => {
      const days = seasonDays(2080);
      const [row] = await t.db.insert(seasons).values({ name: "Matrix season", ...days }).returning();
      return { url: `/api/admin/seasons/${row!.id}`, body: { name: "Matrix season renamed", ...days, carryOverPercent: 0 } };
    },
  },
  {
    method: "POST",
    path: "/api/admin/seasons/:id/close",
    expect: adminOnly(200),
    call: async ({ t }) => ({ url: `/api/admin/seasons/${await pastSeason(t, false)}/close` }),
  },

  // Last: the admin's call wipes every other account (the admin role is also the last role).
  { method: "POST", path: "/api/admin/reset-data", expect: adminOnly(200) },
];
