// Suite 4 of issue 7: sessions and emailed tokens.
// - a new session id at sign-in; the old cookie is dead (and its row gone) after sign-out, password
//   reset, suspension, user deletion and team deletion (by the captain and by an admin);
// - no emailed token is stored in plain anywhere in the database;
// - expired, reused and wrong-purpose tokens are refused on every token endpoint;
// - GET and HEAD on every emailed link (the API reads and the SPA pages) change nothing.
// Sign-in and sign-out basics are also in server/modules/accounts/accounts.test.ts ("sign-in").
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import supertest from "supertest";
import { eq, sql } from "drizzle-orm";
import { authTokens, users } from "@shared/schema";
import type { TokenPurpose } from "@shared/constants";
import { useTestApp, type TestApp } from "../helpers/app";
import { createAdmin, createTeam, PASSWORD, type TeamFixture } from "../helpers/factories";
import { tokenFromLink, type CapturedMail } from "../helpers/smtp-sink";
import { createApp } from "../../server/app";
import { hashToken, issueToken } from "../../server/auth/tokens";
import { registration } from "../../server/modules/accounts/accounts.fixtures";
import {
  emailedTokens,
  findSecretsInDatabase,
  freshChallenge,
  freshInvitee,
  freshMatch,
  sessionCookieOf,
  sessionIdOf,
  signInCookie,
  uniq,
} from "./helpers";

let t: TestApp;
const figures = { sessionsEnded: 0, tokensScanned: 0, tokenRefusals: 0, safeReads: 0 };

useTestApp((app) => (t = app));
afterAll(() => {
  console.log(
    `sessions-tokens: ${figures.sessionsEnded} old cookies dead, ${figures.tokensScanned} emailed tokens absent from the database, ` +
      `${figures.tokenRefusals} expired/reused/wrong-purpose refusals, ${figures.safeReads} GET/HEAD reads changed nothing`,
  );
});

const api = () => supertest(t.app);
const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

async function sessionRowExists(cookie: string): Promise<boolean> {
  const res = await t.db.execute(sql`select count(*)::int as n from "session" where sid = ${sessionIdOf(cookie)}`);
  return Number(rows<{ n: number }>(res)[0]!.n) > 0;
}

/** The cookie no longer signs anyone in, and its session row is gone. */
async function expectDead(cookie: string, why: string) {
  expect((await api().get("/api/user").set("Cookie", cookie)).status, why).toBe(401);
  expect(await sessionRowExists(cookie), `${why}: session row still stored`).toBe(false);
  figures.sessionsEnded++;
}
async function expectAlive(cookie: string, why: string) {
  expect((await api().get("/api/user").set("Cookie", cookie)).status, why).toBe(200);
}

function mailTo(address: string, subject: string, notIn: string[] = []): Promise<CapturedMail> {
  return t.mail.waitFor((m) => m.to.includes(address.toLowerCase()) && m.subject.includes(subject) && !notIn.some((s) => m.text.includes(s)));
}

describe("sessions", () => {
  it("gives a new session id at sign-in: the cookie sent with the sign-in is not reused and dies", async () => {
    const { captain, partner } = await createTeam(t.db);
    const before = await signInCookie(t, captain.username!);
    // Someone signs in on a browser that already carries a session (planted or earlier).
    const res = await api().post("/api/login").set("Cookie", before).send({ username: partner.username, password: PASSWORD });
    expect(res.status).toBe(200);
    const after = sessionCookieOf(res);
    expect(after).toBeDefined();
    expect(sessionIdOf(after!)).not.toBe(sessionIdOf(before));
    expect((await api().get("/api/user").set("Cookie", after!)).body.username).toBe(partner.username);
    await expectDead(before, "the session sent with the sign-in");

    // A made-up session id is never adopted either.
    const forged = "dl.sid=s%3Aattacker-chosen-id.invalidsignature";
    const res2 = await api().post("/api/login").set("Cookie", forged).send({ username: captain.username, password: PASSWORD });
    expect(res2.status).toBe(200);
    expect(sessionIdOf(sessionCookieOf(res2)!)).not.toBe("attacker-chosen-id");
  });

  it("sign-out destroys the session row", async () => {
    const { captain } = await createTeam(t.db);
    const cookie = await signInCookie(t, captain.username!);
    const other = await signInCookie(t, captain.username!);
    expect((await api().post("/api/logout").set("Cookie", cookie).send({})).status).toBe(200);
    await expectDead(cookie, "after sign-out");
    await expectAlive(other, "sign-out ends only that session");
  });

  it("a password reset ends every session of that user, and only theirs", async () => {
    const { captain, partner } = await createTeam(t.db);
    const phone = await signInCookie(t, captain.username!);
    const laptop = await signInCookie(t, captain.username!);
    const partnerCookie = await signInCookie(t, partner.username!);
    await api().post("/api/reset-password").send({ username: captain.username, email: captain.email }).expect(200);
    const token = tokenFromLink(await mailTo(captain.email, "Reset your"), "/reset-password/");
    await api().post(`/api/reset-password/${token}`).send({ newPassword: "Fresh456" }).expect(200);
    await expectDead(phone, "after the reset (phone)");
    await expectDead(laptop, "after the reset (laptop)");
    await expectAlive(partnerCookie, "the partner's own session");
  });

  describe("admin actions", () => {
    let adminCookie: string;
    beforeAll(async () => {
      const admin = await createAdmin(t.db);
      adminCookie = await signInCookie(t, admin.username!);
    });

    it("suspension ends the user's sessions; lifting it does not bring them back", async () => {
      const { partner, captain } = await createTeam(t.db);
      const cookie = await signInCookie(t, partner.username!);
      const captainCookie = await signInCookie(t, captain.username!);
      await api().post(`/api/admin/users/${partner.id}/suspend`).set("Cookie", adminCookie).send({ reason: "No-shows." }).expect(200);
      await expectDead(cookie, "after suspension");
      await expectAlive(captainCookie, "the teammate is not suspended");
      await api().post(`/api/admin/users/${partner.id}/unsuspend`).set("Cookie", adminCookie).send({}).expect(200);
      expect((await api().get("/api/user").set("Cookie", cookie)).status).toBe(401);
    });

    it("deleting a user ends their sessions", async () => {
      const { partner } = await createTeam(t.db);
      const cookie = await signInCookie(t, partner.username!);
      await api().delete(`/api/admin/users/${partner.id}`).set("Cookie", adminCookie).send({}).expect(200);
      await expectDead(cookie, "after the user's deletion");
    });

    it("deleting a team ends every member's sessions", async () => {
      const { team, captain, partner } = await createTeam(t.db);
      const cookies = [await signInCookie(t, captain.username!), await signInCookie(t, partner.username!)];
      await api().delete(`/api/admin/teams/${team.id}`).set("Cookie", adminCookie).send({ reason: "Left the club." }).expect(200);
      for (const c of cookies) await expectDead(c, "after the admin deleted the team");
    });
  });

  it("the captain deleting the team ends the captain's and the partner's sessions", async () => {
    const { team, captain, partner } = await createTeam(t.db);
    const captainCookie = await signInCookie(t, captain.username!);
    const captainOther = await signInCookie(t, captain.username!);
    const partnerCookie = await signInCookie(t, partner.username!);
    const res = await api().delete(`/api/teams/${team.id}`).set("Cookie", captainCookie).send({ reason: "Moving away." });
    expect(res.status).toBe(200);
    expect(res.body.requiresLogin).toBe(true);
    for (const c of [captainCookie, captainOther, partnerCookie]) await expectDead(c, "after the captain deleted the team");
  });
});

describe("emailed tokens", () => {
  it("are never stored in plain: every text column of every table, sessions included, after every flow that mails one", async () => {
    t.mail.clear();
    const secrets: string[] = [];

    // Registration: a verification link for the captain, an invitation for the partner.
    const reg = registration();
    await api().post("/api/register-team").send(reg).expect(201);
    secrets.push(reg.password);
    const verifyMail = await mailTo(reg.email, "Verify your email");
    const inviteMail = await mailTo(reg.partnerEmail, "invited");
    // A resent link, then the first link used.
    const captainCookie = await signInCookie(t, reg.username, reg.password);
    await api().post("/api/resend-verification").set("Cookie", captainCookie).send({}).expect(200);
    await mailTo(reg.email, "Verify your email", [tokenFromLink(verifyMail, "/verify-email/")]);
    const verifyTokens = t.mail.to(reg.email).filter((m) => m.subject.includes("Verify")).map((m) => tokenFromLink(m, "/verify-email/"));
    await api().post(`/api/verify-email/${verifyTokens[verifyTokens.length - 1]}`).send({}).expect(200);
    // The partner accepts the invitation.
    await api().post(`/api/accept-invite/${tokenFromLink(inviteMail, "/accept-invite/")}`).send({ username: `pat_${uniq()}`, password: "Partner12" }).expect(200);
    secrets.push("Partner12");

    // Password reset: request, then set a new password.
    const { captain } = await createTeam(t.db);
    await api().post("/api/reset-password").send({ username: captain.username, email: captain.email }).expect(200);
    const resetToken = tokenFromLink(await mailTo(captain.email, "Reset your"), "/reset-password/");
    await api().post(`/api/reset-password/${resetToken}`).send({ newPassword: "Fresh456" }).expect(200);
    secrets.push("Fresh456");

    // A match report mails confirm and dispute links; one report confirmed by its link, one left pending.
    const A = await createTeam(t.db);
    const B = await createTeam(t.db);
    const C = await createTeam(t.db);
    const aCookie = await signInCookie(t, A.captain.username!);
    for (const opponent of [B, C]) {
      const challenge = await freshChallenge(t, A, opponent, "accepted");
      await api()
        .post("/api/matches")
        .set("Cookie", aCookie)
        .send({ challengeId: challenge.id, team1Id: A.team.id, team2Id: opponent.team.id, winnerTeamId: A.team.id, score: "[[3,1],[3,2]]", notes: null })
        .expect(201);
    }
    const confirmToken = tokenFromLink(await mailTo(B.captain.email, "reported"), "/confirm-match/");
    await mailTo(C.captain.email, "reported");
    await api().post(`/api/matches/confirm/${confirmToken}`).send({}).expect(200);
    secrets.push(PASSWORD);

    const tokens = emailedTokens(t.mail.mails);
    // Caught: 2 verification links, 1 invitation, 1 reset, 2 reports (their confirm and dispute links carry one token).
    expect(tokens.length).toBeGreaterThanOrEqual(6);
    for (const token of tokens) {
      const [row] = await t.db.select({ id: authTokens.id }).from(authTokens).where(eq(authTokens.tokenHash, hashToken(token)));
      expect(row, `the hash of an emailed token is stored`).toBeDefined();
    }
    figures.tokensScanned += tokens.length;
    expect(await findSecretsInDatabase(t.db, [...tokens, ...secrets.filter(Boolean)])).toEqual([]);
  });

  describe("expired, reused and wrong-purpose tokens are refused on every token endpoint", () => {
    type Subject = { userId?: number; matchId?: number };
    interface Endpoint {
      name: string;
      purpose: TokenPurpose;
      /** A live token of the endpoint's purpose and what it is about. */
      issue(): Promise<{ token: string; subject: Subject }>;
      call(token: string): supertest.Test;
      /** Is this answer a refusal? */
      refused(res: supertest.Response): boolean;
      /** Reads only: a use of the token by its POST, after which this read must refuse too. */
      consume?(token: string): Promise<void>;
    }

    const userToken = async (purpose: TokenPurpose, fixture?: TeamFixture) => {
      const f = fixture ?? (await createTeam(t.db, { verified: purpose !== "email_verification", approved: false }));
      return { token: await issueToken(t.db, { purpose, userId: f.captain.id }), subject: { userId: f.captain.id } };
    };
    const inviteToken = async () => {
      const { user, token } = await freshInvitee(t);
      return { token, subject: { userId: user.id } };
    };
    const matchToken = async () => {
      const A = await createTeam(t.db);
      const B = await createTeam(t.db);
      const { match, token } = await freshMatch(t, A, B);
      return { token, subject: { matchId: match.id } };
    };
    const status = (...codes: number[]) => (res: supertest.Response) => codes.includes(res.status) && typeof res.body.message === "string";

    const endpoints: Endpoint[] = [
      {
        name: "POST /api/verify-email/:token",
        purpose: "email_verification",
        issue: () => userToken("email_verification"),
        call: (tok) => api().post(`/api/verify-email/${tok}`).send({}),
        // A used link of a verified address says so (200 alreadyVerified) and changes nothing (decision 020).
        refused: (res) => status(400)(res) || (res.status === 200 && res.body.alreadyVerified === true),
      },
      {
        name: "GET /api/invite/:token",
        purpose: "partner_invite",
        issue: inviteToken,
        call: (tok) => api().get(`/api/invite/${tok}`),
        refused: status(404),
        consume: async (tok) => void (await api().post(`/api/accept-invite/${tok}`).send({ username: `u_${uniq()}`, password: "Partner12" }).expect(200)),
      },
      {
        name: "POST /api/accept-invite/:token",
        purpose: "partner_invite",
        issue: inviteToken,
        call: (tok) => api().post(`/api/accept-invite/${tok}`).send({ username: `u_${uniq()}`, password: "Partner12" }),
        refused: status(400, 409),
      },
      {
        name: "GET /api/reset-password/:token",
        purpose: "password_reset",
        issue: () => userToken("password_reset"),
        call: (tok) => api().get(`/api/reset-password/${tok}`),
        refused: (res) => res.status === 200 && res.body.valid === false,
        consume: async (tok) => void (await api().post(`/api/reset-password/${tok}`).send({ newPassword: "Fresh456" }).expect(200)),
      },
      {
        name: "POST /api/reset-password/:token",
        purpose: "password_reset",
        issue: () => userToken("password_reset"),
        call: (tok) => api().post(`/api/reset-password/${tok}`).send({ newPassword: "Fresh456" }),
        refused: status(400),
      },
      {
        name: "GET /api/matches/token/:token",
        purpose: "match_confirmation",
        issue: matchToken,
        call: (tok) => api().get(`/api/matches/token/${tok}`),
        refused: status(404),
        // Reused: by design the view still shows the settled match (docs/product.md, "Token links": token views only read).
      },
      {
        name: "GET /api/matches/confirm/:token",
        purpose: "match_confirmation",
        issue: matchToken,
        call: (tok) => api().get(`/api/matches/confirm/${tok}`),
        refused: status(404),
      },
      {
        name: "POST /api/matches/confirm/:token",
        purpose: "match_confirmation",
        issue: matchToken,
        call: (tok) => api().post(`/api/matches/confirm/${tok}`).send({}),
        refused: status(404, 409),
      },
      {
        name: "POST /api/matches/dispute/:token",
        purpose: "match_confirmation",
        issue: matchToken,
        call: (tok) => api().post(`/api/matches/dispute/${tok}`).send({ reason: "We won the last set 3-1." }),
        refused: status(404, 409),
      },
    ];

    /** The rows a token could change: its user or match (and that match's teams), and every token. */
    const snapshot = async (s: Subject) => {
      const res = await t.db.execute(sql`
        select json_build_object(
          'user', (select row_to_json(u) from users u where u.id = ${s.userId ?? -1}),
          'match', (select row_to_json(m) from matches m where m.id = ${s.matchId ?? -1}),
          'teams', (select json_agg(row_to_json(tm) order by tm.id) from teams tm
                    where tm.id in (select team1_id from matches where id = ${s.matchId ?? -1}
                                    union select team2_id from matches where id = ${s.matchId ?? -1})),
          'disputes', (select count(*) from disputes where match_id = ${s.matchId ?? -1}),
          'tokens', (select json_agg(json_build_object('id', a.id, 'used', a.used_at) order by a.id) from auth_tokens a
                     where a.user_id = ${s.userId ?? -1} or a.match_id = ${s.matchId ?? -1})
        )::text as snap`);
      return rows<{ snap: string }>(res)[0]!.snap;
    };
    const otherPurpose = (p: TokenPurpose): TokenPurpose => (p === "password_reset" ? "email_verification" : "password_reset");

    for (const ep of endpoints) {
      it(ep.name, async () => {
        // Expired: expires_at set in the past directly.
        const expired = await ep.issue();
        await t.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.tokenHash, hashToken(expired.token)));
        const before = await snapshot(expired.subject);
        const r1 = await ep.call(expired.token);
        expect(ep.refused(r1), `expired: ${r1.status} ${JSON.stringify(r1.body)}`).toBe(true);
        expect(await snapshot(expired.subject), "an expired token changed something").toBe(before);

        // Wrong purpose: a live token of another purpose is refused and stays usable for its own.
        const live = await ep.issue();
        const wrongPurpose = otherPurpose(ep.purpose);
        const subjectUser = live.subject.userId ?? (await createTeam(t.db)).captain.id;
        const wrong = await issueToken(t.db, { purpose: wrongPurpose, userId: subjectUser });
        const before2 = await snapshot({ ...live.subject, userId: subjectUser });
        const r2 = await ep.call(wrong);
        expect(ep.refused(r2), `wrong purpose: ${r2.status} ${JSON.stringify(r2.body)}`).toBe(true);
        expect(await snapshot({ ...live.subject, userId: subjectUser }), "a wrong-purpose token changed something").toBe(before2);

        // Reused: once used, refused (reads: after the POST used it). The match views are the
        // exception by design: they keep showing the settled match (docs/product.md, "Token links": token views only read).
        const isRead = ep.name.startsWith("GET");
        if (ep.consume) await ep.consume(live.token);
        else if (!isRead) {
          const first = await ep.call(live.token);
          expect(first.status, `first use: ${JSON.stringify(first.body)}`).toBe(200);
        }
        if (!isRead || ep.consume) {
          const before3 = await snapshot(live.subject);
          const r3 = await ep.call(live.token);
          expect(ep.refused(r3), `reused: ${r3.status} ${JSON.stringify(r3.body)}`).toBe(true);
          expect(await snapshot(live.subject), "a reused token changed something").toBe(before3);
          figures.tokenRefusals++;
        }
        figures.tokenRefusals += 2;
      });
    }
  });
});

describe("GET and HEAD on every emailed link change nothing", () => {
  it("API reads and SPA pages, twice each, leave every table as it was; the tokens still work afterwards", async () => {
    // A static build stand-in: the SPA fallback serves index.html for the emailed pages.
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-spa-"));
    fs.mkdirSync(path.join(staticDir, "assets"));
    fs.writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>Doubles Ladder</title>");
    const spa = createApp(t.deps, { staticDir, sessionPruneMinutes: false });
    try {
      t.mail.clear();
      const reg = registration({ competitionType: "Women's Doubles" });
      await api().post("/api/register-team").send(reg).expect(201);
      const verify = tokenFromLink(await mailTo(reg.email, "Verify your email"), "/verify-email/");
      const invite = tokenFromLink(await mailTo(reg.partnerEmail, "invited"), "/accept-invite/");
      const { captain } = await createTeam(t.db);
      await api().post("/api/reset-password").send({ username: captain.username, email: captain.email }).expect(200);
      const reset = tokenFromLink(await mailTo(captain.email, "Reset your"), "/reset-password/");
      const A = await createTeam(t.db);
      const B = await createTeam(t.db);
      const challenge = await freshChallenge(t, A, B, "accepted");
      await api()
        .post("/api/matches")
        .set("Cookie", await signInCookie(t, A.captain.username!))
        .send({ challengeId: challenge.id, team1Id: A.team.id, team2Id: B.team.id, winnerTeamId: B.team.id, score: "[[1,3],[2,3]]", notes: null })
        .expect(201);
      const reportMail = await mailTo(B.captain.email, "reported");
      const match = tokenFromLink(reportMail, "/confirm-match/");
      expect(tokenFromLink(reportMail, "/dispute-match/")).toBe(match);

      const apiReads = [`/api/invite/${invite}`, `/api/reset-password/${reset}`, `/api/matches/token/${match}`, `/api/matches/confirm/${match}`];
      // POST-only token routes read with GET: no such route, nothing happens.
      const postOnly = [`/api/verify-email/${verify}`, `/api/accept-invite/${invite}`, `/api/matches/dispute/${match}`];
      const pages = [`/verify-email/${verify}`, `/accept-invite/${invite}`, `/reset-password/${reset}`, `/confirm-match/${match}`, `/dispute-match/${match}`];

      const tables = ["users", "teams", "challenges", "matches", "disputes", "auth_tokens", "session", "rate_limits", "system_settings"];
      const snapshot = async () => {
        const out: Record<string, unknown> = {};
        for (const table of tables) {
          const res = await t.db.execute(sql`select coalesce(json_agg(to_jsonb(x) order by to_jsonb(x)::text), '[]'::json)::text as j from ${sql.identifier(table)} x`);
          out[table] = rows<{ j: string }>(res)[0]!.j;
        }
        return out;
      };
      const before = await snapshot();
      for (let round = 0; round < 2; round++) {
        for (const url of apiReads) {
          const get = await api().get(url);
          expect(get.status, url).toBe(200);
          expect((await api().head(url)).status, `HEAD ${url}`).toBe(200);
          figures.safeReads += 2;
        }
        for (const url of postOnly) {
          expect((await api().get(url)).status, `GET ${url}`).toBe(404);
          expect((await api().head(url)).status, `HEAD ${url}`).toBe(404);
          figures.safeReads += 2;
        }
        for (const url of pages) {
          const get = await supertest(spa.app).get(url);
          expect(get.status, url).toBe(200);
          expect(get.text).toContain("Doubles Ladder");
          expect((await supertest(spa.app).head(url)).status, `HEAD ${url}`).toBe(200);
          figures.safeReads += 2;
        }
      }
      expect(await snapshot()).toEqual(before);
      expect((await api().get(`/api/reset-password/${reset}`)).body).toEqual({ valid: true });

      // Every token still does its job afterwards.
      await api().post(`/api/verify-email/${verify}`).send({}).expect(200);
      await api().post(`/api/accept-invite/${invite}`).send({ username: `h_${uniq()}`, password: "Partner12" }).expect(200);
      await api().post(`/api/reset-password/${reset}`).send({ newPassword: "Fresh456" }).expect(200);
      await api().post(`/api/matches/confirm/${match}`).send({}).expect(200);
      const [u] = await t.db.select({ v: users.isEmailVerified }).from(users).where(eq(users.username, reg.username));
      expect(u!.v).toBe(true);
    } finally {
      spa.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
  });
});
