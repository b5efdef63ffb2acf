// Bad input (docs/security.md, controls): for every mutating endpoint, generated bodies (fast-check) signed in as the
// role the endpoint is for, so the body itself is what is tested: valid bodies with privileged fields
// added, wrong types, huge and unicode strings, nulls, prototype keys, arrays and scalars instead of
// objects; plus a malformed corpus (broken JSON, wrong content types, a 2 MB body, empty bodies).
// Figures: per endpoint `bodies, ≥500, 4xx without message` (both 0), and no privileged column
// changed. FUZZ_RUNS sets the bodies generated per endpoint (default 400 on PostgreSQL, 100 on PGlite,
// where every query is serialised in one WASM instance; the figure printed says which). The seed
// changes with every run, so each run tries other bodies; 400 keeps the PostgreSQL pass, the
// longest file of the suite, within the CI's time on a slow machine (FUZZ_RUNS=1000 for a deeper
// run). A body generated twice for one endpoint is sent once (about a third of 1,000 are repeats:
// constants, a missing key of a short body); the figure counts the distinct bodies sent.
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { SURFACE_LOCATIONS } from "@shared/constants";
import { addDays, clubDay, DEFAULT_CLUB_TIMEZONE } from "@shared/time";
import { useServedTestApp, type TestApp } from "../helpers/app";
import { TEST_VAPID, testPushSubscription } from "../helpers/push-service";
import { onPostgres } from "../helpers/db";
import { createAdmin, createTeam, PASSWORD, type TeamFixture } from "../helpers/factories";
import { acceptedChallenge } from "../../server/modules/matches/matches.fixtures";
import { call, pool, signInCookie, type CallResult, type Served } from "./http";
import { listRoutes } from "./helpers";

const RUNS = Number(process.env.FUZZ_RUNS ?? (onPostgres() ? 400 : 100));
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const CONCURRENCY = 8;
const NO_SUCH_ID = 2_147_483_000;
const BOGUS_TOKEN = "A".repeat(43);

type Role = "anonymous" | "captainA" | "captainB" | "captainC" | "admin";

interface Endpoint {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: () => string;
  role: Role;
  /** A body the endpoint accepts (the generated bodies start from it); {} when it takes none. */
  valid: () => Record<string, unknown>;
  /**
   * The backup restore: its body is the file, read as a stream up to BACKUP_MAX_MB (a 2 MB body is
   * read, then refused by validation) and never inflated (any Content-Encoding: 415).
   */
  bigBodyOk?: boolean;
  /** One call at a time: the route runs one data operation at a time (a second at once answers 409). */
  serial?: boolean;
  /**
   * The one-click unsubscribe: it takes the RFC 8058 form (form-urlencoded, multipart, at most 1 KB,
   * never compressed) as well as JSON, and ignores it; the token in its path decides.
   */
  oneClick?: boolean;
}

let t: TestApp;
let served: Served;
let a: TeamFixture, b: TeamFixture, c: TeamFixture, d: TeamFixture, e: TeamFixture, f: TeamFixture;
const cookies: Partial<Record<Role, string>> = {};
let patchChallengeId = 0;
let deleteChallengeId = 0;
let reportChallengeId = 0;
let backup: Record<string, unknown>;

/** A club day `d` days from today in the club's zone (the default zone of the test app). */
const clubDayIn = (d: number) => addDays(clubDay(new Date(), DEFAULT_CLUB_TIMEZONE), d);
const future = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();

// Every mutating route of server/modules/*/*.routes.ts and auth.routes.ts. Ids that are not the
// caller's own point at a missing row: the body is fully validated first, then the service refuses.
const endpoints: Endpoint[] = [
  {
    method: "POST",
    path: () => "/api/register-team",
    role: "anonymous",
    valid: () => ({
      username: "fuzz_captain",
      password: "Courtside7",
      name: "Fuzz Captain",
      email: "fuzz.captain@example.test",
      competitionType: "Mixed Doubles",
      teamName: "Fuzz Team",
      partnerName: "Fuzz Partner",
      partnerEmail: "fuzz.partner@example.test",
    }),
  },
  { method: "POST", path: () => "/api/login", role: "anonymous", valid: () => ({ username: a.partner.username, password: PASSWORD }) },
  { method: "POST", path: () => "/api/logout", role: "anonymous", valid: () => ({}) },
  { method: "POST", path: () => "/api/login/second-factor", role: "anonymous", valid: () => ({ code: "123456" }) },
  { method: "POST", path: () => "/api/second-factor/enrol", role: "admin", valid: () => ({}) },
  { method: "POST", path: () => "/api/second-factor/confirm", role: "admin", valid: () => ({ code: "123456" }) },
  { method: "POST", path: () => "/api/second-factor/disable", role: "admin", valid: () => ({ code: "123456" }) },
  { method: "POST", path: () => `/api/verify-email/${BOGUS_TOKEN}`, role: "anonymous", valid: () => ({}) },
  { method: "POST", path: () => "/api/resend-verification", role: "anonymous", valid: () => ({ email: a.captain.email }) },
  { method: "POST", path: () => `/api/accept-invite/${BOGUS_TOKEN}`, role: "anonymous", valid: () => ({ username: "fuzz_partner", password: "Courtside7" }) },
  { method: "POST", path: () => "/api/recover-username", role: "anonymous", valid: () => ({ email: a.captain.email }) },
  { method: "POST", path: () => "/api/reset-password", role: "anonymous", valid: () => ({ username: a.captain.username, email: a.captain.email }) },
  { method: "POST", path: () => `/api/reset-password/${BOGUS_TOKEN}`, role: "anonymous", valid: () => ({ newPassword: "Secret456" }) },
  {
    method: "POST",
    path: () => "/api/challenges",
    role: "captainA",
    valid: () => ({
      challengedTeamId: e.team.id,
      location: SURFACE_LOCATIONS.grass,
      competitionType: "Men's Doubles",
      notes: "Call me on 555-0100",
      proposedDateTime: future(),
    }),
  },
  { method: "PATCH", path: () => `/api/challenges/${patchChallengeId}`, role: "captainB", valid: () => ({ status: "declined" }) },
  { method: "DELETE", path: () => `/api/challenges/${deleteChallengeId}`, role: "captainA", valid: () => ({}) },
  { method: "POST", path: () => `/api/challenges/${NO_SUCH_ID}/slots`, role: "captainB", valid: () => ({ slots: [{ startsAt: future(), location: SURFACE_LOCATIONS.grass }] }) },
  { method: "DELETE", path: () => `/api/challenges/${NO_SUCH_ID}/slots`, role: "captainB", valid: () => ({}) },
  { method: "POST", path: () => `/api/challenges/${NO_SUCH_ID}/slots/${NO_SUCH_ID}/accept`, role: "captainB", valid: () => ({}) },
  { method: "PUT", path: () => `/api/challenges/${NO_SUCH_ID}/slots/${NO_SUCH_ID}/answer`, role: "captainB", valid: () => ({ canPlay: true }) },
  {
    method: "POST",
    path: () => "/api/matches",
    role: "captainC",
    valid: () => ({
      challengeId: reportChallengeId,
      team1Id: c.team.id,
      team2Id: d.team.id,
      winnerTeamId: c.team.id,
      score: "[[3,1],[3,2]]",
      location: SURFACE_LOCATIONS.grass,
      notes: null,
    }),
  },
  { method: "POST", path: () => `/api/matches/confirm/${BOGUS_TOKEN}`, role: "anonymous", valid: () => ({}) },
  { method: "POST", path: () => `/api/matches/dispute/${BOGUS_TOKEN}`, role: "anonymous", valid: () => ({ reason: "That is not the score we played." }) },
  { method: "POST", path: () => `/api/matches/${NO_SUCH_ID}/approve`, role: "captainB", valid: () => ({}) },
  { method: "POST", path: () => `/api/matches/${NO_SUCH_ID}/dispute`, role: "captainB", valid: () => ({ reason: "That is not the score we played." }) },
  { method: "POST", path: () => `/api/matches/${NO_SUCH_ID}/withdraw`, role: "captainB", valid: () => ({}) },
  {
    method: "PATCH",
    path: () => `/api/disputes/${NO_SUCH_ID}`,
    role: "admin",
    valid: () => ({ status: "resolved", resolutionNotes: "Spoke to both captains.", outcome: "uphold" }),
  },
  {
    method: "PUT",
    path: () => `/api/teams/${a.team.id}`,
    role: "captainA",
    valid: () => ({ name: a.team.name, bio: "We play on Tuesdays.", location: "Campus", avatar: "", preferredCourtSurface: "grass" }),
  },
  { method: "DELETE", path: () => `/api/teams/${f.team.id}`, role: "captainA", valid: () => ({ reason: "Moving away" }) },
  // Team A has its partner: a valid invitation is refused (409) after the body is checked.
  { method: "POST", path: () => `/api/teams/${a.team.id}/partner`, role: "captainA", valid: () => ({ partnerName: "Fuzz Partner", partnerEmail: "fuzz.new@example.test" }) },
  // Team A's away: a valid range is set once, then refused (409, one at a time); changes name a missing range (404).
  { method: "POST", path: () => `/api/teams/${a.team.id}/away`, role: "captainA", valid: () => ({ firstDay: clubDayIn(2), lastDay: clubDayIn(6) }) },
  { method: "PATCH", path: () => `/api/teams/${a.team.id}/away/${NO_SUCH_ID}`, role: "captainA", valid: () => ({ lastDay: clubDayIn(3) }) },
  { method: "DELETE", path: () => `/api/teams/${a.team.id}/away/${NO_SUCH_ID}`, role: "captainA", valid: () => ({}) },
  { method: "POST", path: () => "/api/notifications/read", role: "captainA", valid: () => ({ all: true }) },
  { method: "PUT", path: () => "/api/notifications/preferences", role: "captainA", valid: () => ({ email: { challenges: true, results: false } }) },
  // Push on this device (push is on in this app: a test VAPID pair).
  { method: "POST", path: () => "/api/push/subscriptions", role: "captainA", valid: () => testPushSubscription() },
  { method: "DELETE", path: () => "/api/push/subscriptions", role: "captainA", valid: () => ({ endpoint: testPushSubscription().endpoint }) },
  // One-click unsubscribe (RFC 8058): a bogus link is refused (400) whatever is sent, forms included.
  { method: "POST", path: () => `/api/unsubscribe/1.results.${BOGUS_TOKEN}`, role: "anonymous", valid: () => ({}), oneClick: true },
  { method: "POST", path: () => "/api/calendar-feed", role: "captainA", valid: () => ({}) },
  {
    method: "PUT",
    path: () => "/api/user/availability",
    role: "captainA",
    valid: () => ({
      availability: Object.fromEntries(
        ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d, i) => [d, { morning: i % 2 === 0, afternoon: false, evening: i > 3 }]),
      ),
    }),
  },
  { method: "POST", path: () => "/api/settings/header-image", role: "admin", valid: () => ({ url: "https://example.test/header.jpg" }) },
  { method: "POST", path: () => "/api/settings/public-ladder", role: "admin", valid: () => ({ enabled: true }) },
  {
    method: "POST",
    path: () => "/api/settings/club-rules",
    role: "admin",
    valid: () => ({ answerWindowHours: 72, playByDays: 14, approvalDays: 3, reminderPoint: 0.67, inactivityDays: 28 }),
  },
  // The model in use: a valid body that is refused with 409 (a switch would replay every rating of this file's teams).
  // A switch replays every match with the club's data held exclusively (others answer 503 meanwhile):
  // one request at a time, so a malformed body is never answered by its neighbour's switch.
  { method: "POST", path: () => "/api/admin/rating-model", role: "admin", valid: () => ({ model: "k40-24-10" }), serial: true },
  // Far ahead: a break going on now would stop the challenge rows of this file.
  { method: "POST", path: () => "/api/settings/club-breaks", role: "admin", valid: () => ({ name: "Exam period", from: "2050-01-03", to: "2050-01-20" }) },
  { method: "DELETE", path: () => `/api/settings/club-breaks/${NO_SUCH_ID}`, role: "admin", valid: () => ({}) },
  // Far ahead: a season going on now would give this file's new teams wildcards.
  { method: "POST", path: () => "/api/admin/seasons", role: "admin", valid: () => ({ name: "Winter Term 2051", firstDay: "2051-01-04", lastDay: "2051-04-30", carryOverPercent: 20 }) },
  { method: "PUT", path: () => `/api/admin/seasons/${NO_SUCH_ID}`, role: "admin", valid: () => ({ name: "Winter Term 2052", firstDay: "2052-01-04", lastDay: "2052-04-30", carryOverPercent: 0 }) },
  { method: "POST", path: () => `/api/admin/seasons/${NO_SUCH_ID}/close`, role: "admin", valid: () => ({}) },
  { method: "POST", path: () => `/api/admin/approve-user/${NO_SUCH_ID}`, role: "admin", valid: () => ({}) },
  { method: "POST", path: () => `/api/admin/reject-user/${NO_SUCH_ID}`, role: "admin", valid: () => ({ reason: "Not a club member." }) },
  { method: "POST", path: () => `/api/admin/users/${NO_SUCH_ID}/suspend`, role: "admin", valid: () => ({ reason: "Repeated no-shows." }) },
  { method: "POST", path: () => `/api/admin/users/${NO_SUCH_ID}/unsuspend`, role: "admin", valid: () => ({}) },
  { method: "DELETE", path: () => `/api/admin/users/${NO_SUCH_ID}`, role: "admin", valid: () => ({}) },
  { method: "POST", path: () => `/api/admin/users/${NO_SUCH_ID}/promote`, role: "admin", valid: () => ({}) },
  { method: "POST", path: () => `/api/admin/users/${NO_SUCH_ID}/demote`, role: "admin", valid: () => ({}) },
  { method: "POST", path: () => `/api/admin/users/${NO_SUCH_ID}/resend-invite`, role: "admin", valid: () => ({}) },
  { method: "POST", path: () => "/api/admin/mail-delivery/retry", role: "admin", valid: () => ({ all: true }) },
  { method: "POST", path: () => "/api/admin/backups/no-such-backup.json/restore?mode=merge", role: "admin", valid: () => ({}) },
  { method: "DELETE", path: () => `/api/admin/teams/${NO_SUCH_ID}`, role: "admin", valid: () => ({ reason: "Duplicate team." }) },
  { method: "POST", path: () => `/api/admin/teams/${NO_SUCH_ID}/restore`, role: "admin", valid: () => ({}) },
  { method: "DELETE", path: () => `/api/admin/teams/${NO_SUCH_ID}/permanent`, role: "admin", valid: () => ({}) },
  // Merging the database's own export changes nothing (merge twice = merge once).
  // The body is the file itself (read as a stream after the admin check, up to BACKUP_MAX_MB).
  { method: "POST", path: () => "/api/admin/import-backup?mode=merge", role: "admin", valid: () => backup, bigBodyOk: true, serial: true },
  // These two take no body and act on everything: they run last, after the privileged-column check.
  { method: "DELETE", path: () => "/api/admin/purge-confirmed-matches", role: "admin", valid: () => ({}) },
  { method: "POST", path: () => "/api/admin/reset-data", role: "admin", valid: () => ({}) },
];
const DESTRUCTIVE = new Set(["/api/admin/purge-confirmed-matches", "/api/admin/reset-data"]);

// ---- generators ----------------------------------------------------------------------------

const PRIVILEGED_KEYS = [
  "isAdmin", "isApproved", "isSuspended", "isEmailVerified", "isCaptain", "isPartner", "rating", "wins", "losses",
  "grassRating", "beachRating", "hardcourtRating", "teamId", "id", "userId", "password", "role", "deletedAt",
  "matchStatus", "confirmationStatus", "approvedBy", "reportedBy", "reportedByTeamId", "winnerTeamId", "createdBy",
];

const hugeOrOdd = fc.oneof(
  fc.constant("x".repeat(60_000)),
  fc.constant("🏸".repeat(15_000)),
  fc.string({ unit: "binary", minLength: 100, maxLength: 2000 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.constantFrom(
    "", " ", "\u0000", "\ud800", "\u202e\u0645\u0631\u062d\u0628\u0627", "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗͕", "' OR 1=1 --", "'; drop table users; --",
    "<script>alert(1)</script>", "../../etc/passwd", "%00", "=cmd|' /C calc'!A0", "NaN", "Infinity", "-1", "1e309",
    "2147483648", "0x10", "true", "null", "[]", "{}", "__proto__", "javascript:alert(1)", "http://", "https://exa mple.test",
  ),
);
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(-1, 0, 2_147_483_648, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5),
  fc.double(),
  fc.string({ maxLength: 30 }),
  hugeOrOdd,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);
const privilegedExtras = fc.dictionary(fc.constantFrom(...PRIVILEGED_KEYS), fc.oneof(fc.constant(true), fc.constant(1), fc.constant(99_999), wrongValue), {
  minKeys: 1,
  maxKeys: 6,
});

/** One body as JSON text (prototype keys must be written as text: an object literal would not keep them). */
function bodyArbitrary(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constantFrom(...PRIVILEGED_KEYS);
  const withPrivileged = privilegedExtras.map((extra) => JSON.stringify({ ...valid, ...extra }));
  const oneWrong = fc.tuple(key, wrongValue).map(([k, v]) => JSON.stringify({ ...valid, [k]: v }));
  const oneMissing = key.map((k) => JSON.stringify(Object.fromEntries(Object.entries(valid).filter(([x]) => x !== k))));
  const allWrong = fc
    .array(wrongValue, { minLength: keys.length, maxLength: keys.length })
    .map((vals) => JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, vals[i]]))));
  const hugeField = fc.tuple(key, hugeOrOdd).map(([k, v]) => JSON.stringify({ ...valid, [k]: v }));
  // A NUL (PostgreSQL text cannot hold it) or another control character inside an otherwise valid value.
  const controlInside = fc
    .tuple(key, fc.constantFrom("\u0000", "\u0001", "\u001b", "\u007f", "\u2028", "\ufeff"), fc.nat())
    .map(([k, ch, at]) => {
      const v = typeof valid[k] === "string" ? (valid[k] as string) : "Valid text";
      const i = at % (v.length + 1);
      return JSON.stringify({ ...valid, [k]: v.slice(0, i) + ch + v.slice(i) });
    });
  const notAnObject = fc
    .oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 20 }), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }), fc.constant([valid]))
    .map((v) => JSON.stringify(v));
  const anyJson = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v));
  const protoKeys = fc
    .tuple(
      fc.constantFrom("__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "valueOf"),
      fc.oneof(fc.constant('{"isAdmin":true,"rating":9999}'), fc.constant('{"prototype":{"isAdmin":true}}'), fc.constant("null"), fc.constant("1")),
      fc.boolean(),
    )
    .map(([k, v, alsoNested]) => {
      const base = JSON.stringify(valid);
      const inner = `"${k}":${v}`;
      const nested = alsoNested && keys.length > 0 ? `,"${keys[0]}":{${inner}}` : "";
      return base === "{}" ? `{${inner}${nested}}` : `{${inner}${nested},${base.slice(1)}`;
    });
  return fc.oneof(
    { arbitrary: withPrivileged, weight: 3 },
    { arbitrary: oneWrong, weight: 3 },
    { arbitrary: oneMissing, weight: 1 },
    { arbitrary: allWrong, weight: 1 },
    { arbitrary: hugeField, weight: 2 },
    { arbitrary: controlInside, weight: 1 },
    { arbitrary: notAnObject, weight: 1 },
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: protoKeys, weight: 2 },
  );
}

interface Malformed {
  name: string;
  raw?: string | Buffer;
  contentType?: string | null;
  headers?: Record<string, string>;
  expect: (ep: Endpoint) => number | "4xx" | "<500";
}
/** Endpoints without a body ignore what is sent (any answer below 500 is right). */
const takesBody = (ep: Endpoint) => Object.keys(ep.valid()).length > 0;
const TWO_MB = `{"x":"${"a".repeat(2 * 1024 * 1024)}"}`;
const malformed: Malformed[] = [
  { name: "broken JSON", raw: '{"username": "a", ', expect: () => 400 },
  { name: "single quotes", raw: "{'a': 1}", expect: () => 400 },
  { name: "trailing garbage", raw: '{"a":1}}}', expect: () => 400 },
  { name: "bare word", raw: "undefined", expect: () => 400 },
  { name: "deep nesting", raw: "[".repeat(20_000) + "]".repeat(20_000), expect: (ep) => (takesBody(ep) ? "4xx" : "<500") },
  { name: "text/plain", raw: '{"a":1}', contentType: "text/plain", expect: () => 415 },
  { name: "form", raw: "a=1&isAdmin=true", contentType: "application/x-www-form-urlencoded", expect: (ep) => (ep.oneClick ? 400 : 415) },
  { name: "multipart", raw: "--x\r\n\r\n--x--", contentType: "multipart/form-data; boundary=x", expect: (ep) => (ep.oneClick ? 400 : 415) },
  { name: "json-ish type", raw: '{"a":1}', contentType: "application/vnd.api+json", expect: () => 415 },
  { name: "latin1 charset", raw: '{"a":1}', contentType: "application/json; charset=latin1", expect: () => 415 },
  { name: "utf-16 body as utf-8", raw: '{"a":1}', contentType: "application/json; charset=utf-16", expect: () => "4xx" },
  { name: "bad gzip", raw: Buffer.from("not gzip at all"), headers: { "content-encoding": "gzip" }, expect: (ep) => (ep.bigBodyOk ? 415 : 400) },
  { name: "unknown encoding", raw: '{"a":1}', headers: { "content-encoding": "zstd-ish" }, expect: () => 415 },
  { name: "2 MB body", raw: TWO_MB, expect: (ep) => (ep.bigBodyOk ? "4xx" : 413) },
  { name: "empty JSON body", raw: "", expect: (ep) => (takesBody(ep) ? "4xx" : "<500") },
];

// ---- the privileged columns ------------------------------------------------------------------

interface Snapshot {
  users: Map<number, string>;
  teams: Map<number, string>;
}
async function snapshot(): Promise<Snapshot> {
  const q = t.deps.database.raw.query;
  const u = await q(
    `select id, row(is_admin, is_approved, is_suspended, is_email_verified, team_id, is_captain, is_partner, password, username, email)::text as v from users`,
  );
  const tm = await q(
    `select id, row(is_approved, rating, wins, losses, grass_rating, beach_rating, hardcourt_rating, grass_wins, grass_losses,
       beach_wins, beach_losses, hardcourt_wins, hardcourt_losses, deleted_at)::text as v from teams`,
  );
  return {
    users: new Map(u.rows.map((r) => [Number(r.id), String(r.v)])),
    teams: new Map(tm.rows.map((r) => [Number(r.id), String(r.v)])),
  };
}
/** Rows present before whose privileged columns differ now; rows added since must hold no privilege. */
async function privilegedChanges(before: Snapshot): Promise<string[]> {
  const now = await snapshot();
  const out: string[] = [];
  for (const [id, v] of before.users) if (now.users.get(id) !== v) out.push(`user ${id}: ${v} → ${now.users.get(id) ?? "deleted"}`);
  for (const [id, v] of before.teams) if (now.teams.get(id) !== v) out.push(`team ${id}: ${v} → ${now.teams.get(id) ?? "deleted"}`);
  const added = await t.deps.database.raw.query(
    `select 'user ' || id as what from users where id > $1 and (is_admin or is_approved or is_suspended)
     union all select 'team ' || id from teams where id > $2 and (is_approved or rating <> 1500 or wins <> 0 or losses <> 0)`,
    [Math.max(0, ...before.users.keys()), Math.max(0, ...before.teams.keys())],
  );
  for (const r of added.rows) out.push(`new ${String(r.what)} holds a privileged value`);
  return out;
}

// ---- the run ---------------------------------------------------------------------------------

interface Figure {
  endpoint: string;
  /** Requests sent: the distinct generated bodies and the malformed corpus. */
  bodies: number;
  over500: number;
  noMessage: number;
  statuses: Record<number, number>;
  ms: number;
}
const figures: Figure[] = [];
const offenders: string[] = [];

/**
 * The one deliberate 5xx: on the embedded database, a request that arrives while a reset or restore
 * of its own endpoint's other calls holds the database is told so at once (server/db/exclusive.ts),
 * with its message and Retry-After, instead of waiting.
 */
function isBusyAnswer(res: CallResult): boolean {
  return res.status === 503 && (res.body as { code?: unknown } | undefined)?.code === "data_operation_running" && /^\d+$/.test(res.headers.get("retry-after") ?? "");
}

function check(ep: Endpoint, label: string, res: CallResult, fig: Figure) {
  fig.statuses[res.status] = (fig.statuses[res.status] ?? 0) + 1;
  if (isBusyAnswer(res)) return;
  if (res.status >= 500) {
    fig.over500++;
    if (offenders.length < 20) offenders.push(`${ep.method} ${ep.path()} ${res.status} ← ${label.slice(0, 300)} → ${res.text.slice(0, 200)}`);
  } else if (res.status >= 400) {
    const message = (res.body as { message?: unknown } | undefined)?.message;
    if (typeof message !== "string" || message.trim() === "") {
      fig.noMessage++;
      if (offenders.length < 20) offenders.push(`${ep.method} ${ep.path()} ${res.status} without message ← ${label.slice(0, 300)} → ${res.text.slice(0, 200)}`);
    }
  }
}

/** The app's error-level log lines: an answer ≥ 500 is reported with what the server logged for it. */
const serverErrors: string[] = [];
useServedTestApp((app, server) => ((t = app), (served = server)), { AUTH_RATE_LIMIT_MAX: "1000000", ...TEST_VAPID, LOG_LEVEL: "error" }, {
  logDestination: { write: (chunk: string) => void serverErrors.push(chunk) },
});

/** What the server logged for the requests of these offender lines (by the requestId of their answers). */
function serverLogOf(lines: string[]): string[] {
  const ids = lines.flatMap((line) => [...line.matchAll(/"requestId":"([\w-]+)"/g)].map((m) => m[1]!));
  return serverErrors.filter((entry) => ids.some((id) => entry.includes(id))).map((entry) => entry.trim().slice(0, 1500));
}
beforeAll(async () => {
  const made = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createTeam(t.db)));
  [a, b, c, d, e, f] = made as [TeamFixture, TeamFixture, TeamFixture, TeamFixture, TeamFixture, TeamFixture];
  const admin = await createAdmin(t.db);
  patchChallengeId = (await acceptedChallenge(t.db, a.team, b.team, "grass", "pending")).id;
  deleteChallengeId = (await acceptedChallenge(t.db, a.team, d.team, "beach", "pending")).id;
  reportChallengeId = (await acceptedChallenge(t.db, c.team, d.team, "grass", "accepted")).id;
  cookies.captainA = await signInCookie(served.base, a.captain.username!, PASSWORD);
  cookies.captainB = await signInCookie(served.base, b.captain.username!, PASSWORD);
  cookies.captainC = await signInCookie(served.base, c.captain.username!, PASSWORD);
  cookies.admin = await signInCookie(served.base, admin.username!, PASSWORD);
  const exported = await call(served.base, "GET", "/api/admin/export-full-backup", { cookie: cookies.admin });
  expect(exported.status).toBe(200);
  backup = exported.body as Record<string, unknown>;
});

describe("bad input", () => {
  it("covers every mutating route the app registers", () => {
    const pattern = (routePath: string) => new RegExp(`^${routePath.replace(/:[^/]+/g, "[^/]+")}$`);
    const covered = endpoints.map((ep) => `${ep.method} ${ep.path().split("?")[0]}`);
    const missing = listRoutes(t.app)
      .filter((r) => r.method !== "GET" && r.method !== "HEAD" && r.path.startsWith("/api/"))
      .filter((r) => !covered.some((c) => c.startsWith(`${r.method} `) && pattern(r.path).test(c.slice(r.method.length + 1))))
      .map((r) => `${r.method} ${r.path}`);
    expect(missing, "add these to the endpoints of this file").toEqual([]);
  });

  it(`${RUNS} generated bodies per mutating endpoint and a malformed corpus: 0 responses ≥ 500, every 4xx with a message, no privileged column changed`, async () => {
    const started = Date.now();
    const before = await snapshot();
    let privileged: string[] = [];
    for (const ep of endpoints) {
      if (DESTRUCTIVE.has(ep.path()) && privileged.length === 0) privileged = await privilegedChanges(before);
      const t0 = Date.now();
      const fig: Figure = { endpoint: `${ep.method} ${ep.path().replace(/\/\d+(?=\/|$)/g, "/:id").replace(BOGUS_TOKEN, ":token")}`, bodies: 0, over500: 0, noMessage: 0, statuses: {}, ms: 0 };
      // The same request twice tests nothing new: each distinct body once, in the order generated.
      const bodies = [...new Set(fc.sample(bodyArbitrary(ep.valid()), { numRuns: RUNS, seed: SEED }))];
      const cookie = ep.role === "anonymous" ? undefined : cookies[ep.role];
      const tasks = [
        ...bodies.map((raw) => async () => {
          const res = await call(served.base, ep.method, ep.path(), { cookie, raw });
          check(ep, raw, res, fig);
          fig.bodies++;
        }),
        ...malformed.map((m) => async () => {
          const res = await call(served.base, ep.method, ep.path(), {
            cookie,
            ...(m.raw !== undefined ? { raw: m.raw } : {}),
            ...(m.contentType !== undefined ? { contentType: m.contentType } : {}),
            ...(m.headers ? { headers: m.headers } : {}),
          });
          check(ep, `[malformed: ${m.name}]`, res, fig);
          fig.bodies++;
          const want = m.expect(ep);
          const ok =
            want === "4xx" ? res.status >= 400 && res.status < 500 : want === "<500" ? res.status < 500 : res.status === want;
          if (!ok && offenders.length < 20) offenders.push(`${fig.endpoint} [malformed: ${m.name}] answered ${res.status}, expected ${want}: ${res.text.slice(0, 200)}`);
          expect.soft(ok, `${fig.endpoint} [malformed: ${m.name}] answered ${res.status}, expected ${want}`).toBe(true);
        }),
      ];
      await pool(ep.serial ? 1 : CONCURRENCY, tasks);
      fig.ms = Date.now() - t0;
      figures.push(fig);
    }
    // The signed-in roles must still be who they were (a body never changed the caller's own rights).
    const me = await call(served.base, "GET", "/api/user", { cookie: cookies.admin });
    expect(me.status).toBe(200);
    expect((me.body as { isAdmin?: boolean }).isAdmin).toBe(true);

    const width = Math.max(...figures.map((x) => x.endpoint.length));
    const lines = figures.map(
      (x) =>
        `  ${x.endpoint.padEnd(width)}  bodies ${String(x.bodies).padStart(5)}  ≥500 ${x.over500}  4xx-without-message ${x.noMessage}  ${String(x.ms).padStart(6)} ms  ${Object.entries(x.statuses).map(([s, n]) => `${s}×${n}`).join(" ")}`,
    );
    const total = figures.reduce((n, x) => n + x.bodies, 0);
    console.log(
      [
        `bad input (${onPostgres() ? "PostgreSQL" : "PGlite"}; ${RUNS} generated bodies per endpoint, each distinct one sent once, + ${malformed.length} malformed; seed ${SEED}; FUZZ_RUNS=${process.env.FUZZ_RUNS ?? "default"}):`,
        ...lines,
        `  endpoints ${figures.length}, requests ${total}, ≥500 ${figures.reduce((n, x) => n + x.over500, 0)}, 4xx without message ${figures.reduce((n, x) => n + x.noMessage, 0)}, privileged columns changed ${privileged.length}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
        ...(offenders.length ? ["  offenders:", ...offenders.map((o) => `    ${o}`), "  server log of the offenders:", ...serverLogOf(offenders).map((l) => `    ${l}`)] : []),
      ].join("\n"),
    );
    expect([...offenders, ...serverLogOf(offenders)]).toEqual([]);
    expect(figures.every((x) => x.over500 === 0 && x.noMessage === 0)).toBe(true);
    expect(privileged).toEqual([]);
    expect(figures.length).toBe(endpoints.length);
  }, 600_000);
});
