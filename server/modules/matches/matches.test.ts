import { formatZonedDateTime } from "@shared/time";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { authTokens, matches } from "@shared/schema";
import { applyMatch } from "@shared/rating";
import { MATCH_MESSAGES } from "@shared/validators/matches";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createAdmin, createTeam, type TeamFixture } from "../../../tests/helpers/factories";
import { tokenFromLink } from "../../../tests/helpers/smtp-sink";
import { acceptedChallenge, challengeRow, matchRow, reportedMatch, teamState } from "./matches.fixtures";

let t: TestApp;
useTestApp((app) => (t = app));

const signedIn = (username: string | null) => t.signedIn(username);

async function pair(): Promise<{ a: TeamFixture; b: TeamFixture }> {
  return { a: await createTeam(t.db), b: await createTeam(t.db) };
}

/** `by`'s captain reports a win over `against` on their accepted challenge: the captain's agent and the answer. */
async function reportWin(by: TeamFixture, against: TeamFixture, challenge: { id: number }) {
  const agent = await signedIn(by.captain.username);
  const res = await agent.post("/api/matches").send(body({ challengeId: challenge.id, team1Id: by.team.id, team2Id: against.team.id, winnerTeamId: by.team.id }));
  return { agent, res };
}

const body = (over: Record<string, unknown>) => ({
  location: "UBC grass",
  notes: null,
  score: "[[3,1],[1,3],[3,2]]",
  ...over,
});

describe("reporting a match (POST /api/matches)", () => {
  it("when a captain of an accepted challenge reports, the match is pending with a deadline and the opponent is emailed both links", async () => {
    const { a, b } = await pair();
    const ch = await acceptedChallenge(t.db, a.team, b.team, "beach");
    const agent = await signedIn(a.captain.username);
    const before = Date.now();
    const res = await agent.post("/api/matches").send(
      body({ challengeId: ch.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id, location: "Jericho Beach", notes: "Good game" }),
    );
    expect(res.status).toBe(201);
    const m = res.body.match;
    expect(m.confirmationStatus).toBe("pending");
    expect(m.matchStatus).toBe("reported");
    expect(m.matchType).toBe("challenge");
    expect(m.surface).toBe("beach");
    expect(m.sets).toEqual([[3, 1], [1, 3], [3, 2]]);
    expect(m.reporter).toEqual({ id: a.captain.id, name: a.captain.name });
    expect(m.reportedByTeamId).toBe(a.team.id);
    expect(m.notes).toBe("Good game");
    const deadline = new Date(m.approvalDeadline).getTime();
    expect(deadline).toBeGreaterThanOrEqual(before + 3 * 86400_000 - 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 3 * 86400_000 + 1000);
    expect((await challengeRow(t.db, ch.id)).status).toBe("match_reported");

    // One mail to each member of the opponent team (captain and partner), none to the reporter's.
    const mail = await t.mail.waitFor((x) => x.to.includes(b.partner.email.toLowerCase()) && /reported/.test(x.subject));
    await t.mail.waitFor((x) => x.to.includes(b.captain.email.toLowerCase()) && /reported/.test(x.subject));
    await t.deliverMail();
    expect(mail.to).toEqual([b.partner.email.toLowerCase()]);
    expect(t.mail.to(a.captain.email).filter((x) => /reported/.test(x.subject))).toHaveLength(0);
    // The auto-confirm line gives the deadline in the club's zone, for people (not an HTTP date).
    expect(mail.text).toContain(`the result is confirmed automatically on ${formatZonedDateTime(m.approvalDeadline, "America/Vancouver")}.`);
    expect(mail.text).toMatch(/automatically on (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} (AM|PM)\./);
    expect(mail.text).not.toMatch(/GMT|UTC/);
    const confirmToken = tokenFromLink(mail, "/confirm-match/");
    expect(tokenFromLink(mail, "/dispute-match/")).toBe(confirmToken);
    expect(mail.links.every((l) => l.startsWith("http://localhost:5000/"))).toBe(true);
    const view = await t.request.get(`/api/matches/token/${confirmToken}`);
    expect(view.status).toBe(200);
    expect(view.body.id).toBe(m.id);
  });

  it("when the challenged team's captain reports, it works the same", async () => {
    const { a, b } = await pair();
    const ch = await acceptedChallenge(t.db, a.team, b.team);
    const { res } = await reportWin(b, a, ch);
    expect(res.status).toBe(201);
    expect(res.body.match.team1.id).toBe(b.team.id);
  });

  it("refuses partners, strangers, and challenges that are not accepted", async () => {
    const { a, b } = await pair();
    const c = await createTeam(t.db);
    const ch = await acceptedChallenge(t.db, a.team, b.team);
    const ok = body({ challengeId: ch.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id });

    const partner = await signedIn(a.partner.username);
    const r1 = await partner.post("/api/matches").send(ok);
    expect(r1.status).toBe(403);

    const stranger = await signedIn(c.captain.username);
    const r2 = await stranger.post("/api/matches").send(ok);
    expect(r2.status).toBe(404);
    expect(r2.body.message).toBe("Challenge not found.");

    const anon = await t.request.post("/api/matches").send(ok);
    expect(anon.status).toBe(401);

    const pendingCh = await acceptedChallenge(t.db, a.team, c.team, "grass", "pending");
    const captain = await signedIn(a.captain.username);
    const r3 = await captain.post("/api/matches").send({ ...ok, challengeId: pendingCh.id, team2Id: c.team.id });
    expect(r3.status).toBe(409);
    expect(r3.body.message).toMatch(/not been accepted/);

    const r4 = await captain.post("/api/matches").send(ok);
    expect(r4.status).toBe(201);
    const r5 = await captain.post("/api/matches").send(ok);
    expect(r5.status).toBe(409);
    expect(r5.body.message).toBe("A result has already been reported for this challenge.");
  });

  it("checks every rule of the form with the product's messages", async () => {
    const { a, b } = await pair();
    const c = await createTeam(t.db);
    const ch = await acceptedChallenge(t.db, a.team, b.team);
    const captain = await signedIn(a.captain.username);
    const base = { challengeId: ch.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, winnerTeamId: undefined }, MATCH_MESSAGES.winner],
      [{ ...base, score: "[[4,1]]" }, MATCH_MESSAGES.maxScore],
      [{ ...base, score: "[[3,3]]" }, MATCH_MESSAGES.winningScore],
      [{ ...base, score: "[[2,1]]" }, MATCH_MESSAGES.winningScore],
      [{ ...base, score: "[[3]]" }, MATCH_MESSAGES.setsMissing],
      [{ ...base, score: "[[3,null]]" }, MATCH_MESSAGES.setsMissing],
      [{ ...base, score: "[]" }, MATCH_MESSAGES.setsCount],
      [{ ...base, score: "[[3,0],[3,0],[3,0],[3,0],[3,0],[3,0]]" }, MATCH_MESSAGES.setsCount],
      [{ ...base, score: "not json" }, MATCH_MESSAGES.score],
      [{ ...base, score: "[[1,3],[1,3]]" }, MATCH_MESSAGES.winnerSets],
      [{ ...base, score: "[[3,1],[1,3]]" }, MATCH_MESSAGES.winnerSets],
      [{ ...base, winnerTeamId: c.team.id }, MATCH_MESSAGES.winnerTeam],
      [{ ...base, team2Id: c.team.id }, "The teams must be the two teams of the challenge."],
      [{ ...base, location: "Jericho Beach" }, "The location must be on the challenge's surface (grass)."],
      [{ ...base, rating: 3000 }, ""],
    ];
    for (const [b2, message] of cases) {
      const res = await captain.post("/api/matches").send(body(b2));
      expect(res.status, JSON.stringify(b2)).toBe(400);
      if (message) expect(res.body.message, JSON.stringify(b2)).toBe(message);
      else expect(res.body.message).toBeTruthy();
    }
    expect((await challengeRow(t.db, ch.id)).status).toBe("accepted");
    const count = await t.db.select().from(matches).where(eq(matches.challengeId, ch.id));
    expect(count).toHaveLength(0);
  });

  it("a set score that is not a whole number (2.5) is refused as such, not as a missing score", async () => {
    const { a, b } = await pair();
    const ch = await acceptedChallenge(t.db, a.team, b.team);
    const captain = await signedIn(a.captain.username);
    const base = { challengeId: ch.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id };
    for (const score of ["[[2.5,3],[3,1],[3,0]]", "[[3,0.5]]", "[[3,1],[1,3],[3,1.0000001]]"]) {
      const res = await captain.post("/api/matches").send(body({ ...base, score }));
      expect(res.status, score).toBe(400);
      expect(res.body.message, score).toBe(MATCH_MESSAGES.wholeNumber);
    }
    expect((await challengeRow(t.db, ch.id)).status).toBe("accepted");
  });

  it("when two captains report the same challenge at once, one wins and the other gets 409", async () => {
    const { a, b } = await pair();
    const ch = await acceptedChallenge(t.db, a.team, b.team);
    const ca = await signedIn(a.captain.username);
    const cb = await signedIn(b.captain.username);
    const [r1, r2] = await Promise.all([
      ca.post("/api/matches").send(body({ challengeId: ch.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id })),
      cb.post("/api/matches").send(body({ challengeId: ch.id, team1Id: b.team.id, team2Id: a.team.id, winnerTeamId: b.team.id })),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(matches).where(eq(matches.challengeId, ch.id));
    expect(rows).toHaveLength(1);
  });
});

describe("withdrawing a pending result (POST /api/matches/{id}/withdraw)", () => {
  it("the reporting captain withdraws it: the match goes, the challenge is accepted again, the opponent is told and the mailed links stop working", async () => {
    const { a, b } = await pair();
    const ch = await acceptedChallenge(t.db, a.team, b.team);
    const { agent: capA, res: reported } = await reportWin(a, b, ch);
    expect(reported.status).toBe(201);
    const id = reported.body.match.id as number;
    const reportMail = await t.mail.waitFor((x) => x.to.includes(b.captain.email.toLowerCase()) && /reported/.test(x.subject));
    const token = tokenFromLink(reportMail, "/confirm-match/");

    // Nobody else may: the other team's captain, the reporter's partner.
    const capB = await signedIn(b.captain.username);
    expect((await capB.post(`/api/matches/${id}/withdraw`)).status).toBe(403);
    expect((await (await signedIn(a.partner.username)).post(`/api/matches/${id}/withdraw`)).status).toBe(403);

    const res = await capA.post(`/api/matches/${id}/withdraw`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ challengeId: ch.id });
    expect((await challengeRow(t.db, ch.id)).status).toBe("accepted");
    expect(await t.db.select().from(matches).where(eq(matches.id, id))).toEqual([]);
    const told = await t.mail.waitFor((x) => x.to.includes(b.partner.email.toLowerCase()) && x.subject.startsWith("Result withdrawn"));
    expect(told.text).toContain(`${a.team.name} withdrew the result they reported`);
    expect(told.links).toContain(`${t.env.APP_URL}/challenges`);
    expect((await t.request.post(`/api/matches/confirm/${token}`)).status).toBe(404);
    expect((await capB.post(`/api/matches/${id}/approve`)).status).toBe(404);
    expect((await capA.post(`/api/matches/${id}/withdraw`)).status).toBe(404);
    // The right result can be reported now.
    const again = await capA
      .post("/api/matches")
      .send(body({ challengeId: ch.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: b.team.id, score: "[[1,3],[3,1],[2,3]]" }));
    expect(again.status).toBe(201);
  });

  it("while the pair has another open challenge, withdrawing is refused with the reason (409) and nothing changes", async () => {
    const { a, b } = await pair();
    const { match, challenge } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
    await acceptedChallenge(t.db, b.team, a.team, "beach", "pending");
    const res = await (await signedIn(a.captain.username)).post(`/api/matches/${match.id}/withdraw`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "active_pair", title: "Failed to Withdraw Result" });
    expect((await matchRow(t.db, match.id)).confirmationStatus).toBe("pending");
    expect((await challengeRow(t.db, challenge.id)).status).toBe("match_reported");
  });

  it("a confirmed or disputed result can no longer be withdrawn (409), and ratings stay as they are", async () => {
    for (const settle of ["approve", "dispute"] as const) {
      const { a, b } = await pair();
      const ch = await acceptedChallenge(t.db, a.team, b.team);
      const { agent: capA, res: reported } = await reportWin(a, b, ch);
      const id = reported.body.match.id;
      const capB = await signedIn(b.captain.username);
      const settled = await capB.post(`/api/matches/${id}/${settle}`).send(settle === "dispute" ? { reason: "We won the last set 3-1." } : {});
      expect(settled.status).toBe(200);
      const before = await teamState(t.db, a.team.id);
      const res = await capA.post(`/api/matches/${id}/withdraw`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("match_not_pending");
      expect(await teamState(t.db, a.team.id)).toEqual(before);
      expect((await matchRow(t.db, id)).id).toBe(id);
    }
  });
});

describe("token views and confirming by token", () => {
  it("GET views only read: the token still works afterwards and nothing changes", async () => {
    const { a, b } = await pair();
    const { match, token } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
    for (const path of [`/api/matches/token/${token}`, `/api/matches/confirm/${token}`]) {
      const res = await t.request.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: match.id,
        confirmationStatus: "pending",
        matchType: "challenge",
        winnerTeamId: a.team.id,
        winnerTeamName: a.team.name,
        reporter: { id: a.captain.id, name: a.captain.name },
        sets: [[3, 1], [3, 2]],
      });
      expect(res.body.team1.members.map((m: { name: string }) => m.name)).toEqual([a.captain.name, a.partner.name]);
      expect(JSON.stringify(res.body)).not.toContain("@example.test");
    }
    expect((await matchRow(t.db, match.id)).confirmationStatus).toBe("pending");
    const [tok] = await t.db.select().from(authTokens).where(eq(authTokens.matchId, match.id));
    expect(tok!.usedAt).toBeNull();
    expect(await teamState(t.db, a.team.id)).toMatchObject({ rating: 1500, wins: 0 });
  });

  it("unknown or malformed tokens answer 404 'Match Not Found'", async () => {
    for (const token of ["x".repeat(43), "short", "a".repeat(300)]) {
      const res = await t.request.get(`/api/matches/token/${token}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Match Not Found");
      const post = await t.request.post(`/api/matches/confirm/${token}`).send({});
      expect(post.status).toBe(404);
    }
  });

  it("confirming by token applies the ratings once, stores before/after, completes the challenge; reuse is refused", async () => {
    const { a, b } = await pair();
    const { match, token, challenge } = await reportedMatch(t.db, {
      reporter: { team: a.team, captainId: a.captain.id },
      opponent: b.team,
      winner: "opponent",
      surface: "hardcourt",
    });
    const sa = await teamState(t.db, a.team.id);
    const sb = await teamState(t.db, b.team.id);
    const expected = applyMatch(sa, sb, { surface: "hardcourt", aWon: false });

    const res = await t.request.post(`/api/matches/confirm/${token}`).send({});
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Match Confirmed!");
    expect(res.body.match.confirmationStatus).toBe("confirmed");

    expect(await teamState(t.db, a.team.id)).toEqual(expected.a);
    expect(await teamState(t.db, b.team.id)).toEqual(expected.b);
    const m = await matchRow(t.db, match.id);
    expect(m).toMatchObject({
      matchStatus: "approved",
      confirmationStatus: "confirmed",
      approvedBy: null,
      team1PrevRating: expected.surfaceChange.aPrev,
      team1NewRating: expected.surfaceChange.aNew,
      team2PrevRating: expected.surfaceChange.bPrev,
      team2NewRating: expected.surfaceChange.bNew,
      player1PrevRating: expected.overallChange.aPrev,
      player1NewRating: expected.overallChange.aNew,
      player2PrevRating: expected.overallChange.bPrev,
      player2NewRating: expected.overallChange.bNew,
    });
    expect(m.approvedAt).toBeInstanceOf(Date);
    expect((await challengeRow(t.db, challenge.id)).status).toBe("completed");

    const again = await t.request.post(`/api/matches/confirm/${token}`).send({});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Match Already confirmed");
    const view = await t.request.get(`/api/matches/confirm/${token}`);
    expect(view.body.confirmationStatus).toBe("confirmed");
    expect(await teamState(t.db, a.team.id)).toEqual(expected.a);
  });
});

describe("approving in the app (POST /api/matches/{id}/approve)", () => {
  it("the opponent's partner may approve; the reporter's team and strangers may not", async () => {
    const { a, b } = await pair();
    const c = await createTeam(t.db);
    const { match } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });

    const reporterCaptain = await signedIn(a.captain.username);
    const r1 = await reporterCaptain.post(`/api/matches/${match.id}/approve`).send({});
    expect(r1.status).toBe(403);
    const reporterPartner = await signedIn(a.partner.username);
    expect((await reporterPartner.post(`/api/matches/${match.id}/approve`).send({})).status).toBe(403);
    const stranger = await signedIn(c.captain.username);
    const r2 = await stranger.post(`/api/matches/${match.id}/approve`).send({});
    expect(r2.status).toBe(404);
    expect(r2.body.message).toBe("Match Not Found");
    expect((await t.request.post(`/api/matches/${match.id}/approve`).send({})).status).toBe(401);
    expect((await matchRow(t.db, match.id)).confirmationStatus).toBe("pending");

    const partner = await signedIn(b.partner.username);
    const ok = await partner.post(`/api/matches/${match.id}/approve`).send({});
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Match Approved");
    const m = await matchRow(t.db, match.id);
    expect(m.approvedBy).toBe(b.partner.id);
    expect(m.matchStatus).toBe("approved");

    const again = await partner.post(`/api/matches/${match.id}/approve`).send({});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Match Already confirmed");
    // The same side again (a double click, a second tab): refused, but marked as already done.
    expect(again.body.code).toBe("already_done");
    expect((await (await signedIn(b.captain.username)).post(`/api/matches/${match.id}/approve`).send({})).body.code).toBe("already_done");
    expect(await matchRow(t.db, match.id)).toMatchObject({ approvedBy: b.partner.id, approvedAt: m.approvedAt });
    expect((await partner.post(`/api/matches/999999/approve`).send({})).status).toBe(404);
    expect((await partner.post(`/api/matches/abc/approve`).send({})).status).toBe(400);
  });

  it("two approvals at once move the ratings once: one answers 200, the other 409 already_done", async () => {
    const { a, b } = await pair();
    const { match } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
    const expected = applyMatch(await teamState(t.db, a.team.id), await teamState(t.db, b.team.id), { surface: "grass", aWon: true });
    const capB = await signedIn(b.captain.username);
    const answers = await Promise.all([capB.post(`/api/matches/${match.id}/approve`).send({}), capB.post(`/api/matches/${match.id}/approve`).send({})]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.code).toBe("already_done");
    expect(await teamState(t.db, a.team.id)).toEqual(expected.a);
  });

  it("a disputed result is not 'already done' for the approving side", async () => {
    const { a, b } = await pair();
    const { match, token } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
    expect((await t.request.post(`/api/matches/dispute/${token}`).send({ reason: "The score is wrong." })).status).toBe(200);
    const res = await (await signedIn(b.captain.username)).post(`/api/matches/${match.id}/approve`).send({});
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("match_not_pending");
  });

  it("awaiting-approval lists the match for the opponent only, with its deadline", async () => {
    const { a, b } = await pair();
    const { match } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
    const opp = await signedIn(b.partner.username);
    const res = await opp.get("/api/matches/awaiting-approval");
    expect(res.status).toBe(200);
    expect(res.body.items.map((m: { id: number }) => m.id)).toEqual([match.id]);
    expect(res.body.items[0].approvalDeadline).toBeTruthy();
    const rep = await signedIn(a.captain.username);
    const mine = await rep.get("/api/matches/awaiting-approval");
    expect(mine.body.items).toEqual([]);
  });
});

describe("a result pending when a team is deleted (docs/product.md#deleting-and-restoring-teams)", () => {
  it("stays confirmable: the other team approves it after the reporter's team deleted itself, and the link confirms it after the opponent's was deleted; ratings move once", async () => {
    const { a, b } = await pair();
    const { match, challenge } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
    const before = { a: await teamState(t.db, a.team.id), b: await teamState(t.db, b.team.id) };
    const captain = await signedIn(a.captain.username);
    expect((await captain.delete(`/api/teams/${a.team.id}`).send({ reason: "Moving away" })).status).toBe(200);
    // The delete cancels only pending and accepted challenges: the reported one waits for its result.
    expect((await challengeRow(t.db, challenge.id)).status).toBe("match_reported");
    expect((await matchRow(t.db, match.id)).confirmationStatus).toBe("pending");
    const opponent = await signedIn(b.partner.username);
    expect((await opponent.get("/api/matches/awaiting-approval")).body.items.map((m: { id: number }) => m.id)).toContain(match.id);
    const ok = await opponent.post(`/api/matches/${match.id}/approve`).send({});
    expect(ok.status).toBe(200);
    expect((await matchRow(t.db, match.id)).matchStatus).toBe("approved");
    expect((await challengeRow(t.db, challenge.id)).status).toBe("completed");
    const after = { a: await teamState(t.db, a.team.id), b: await teamState(t.db, b.team.id) };
    expect(after.a.grassWins).toBe(before.a.grassWins + 1);
    expect(after.b.grassLosses).toBe(before.b.grassLosses + 1);

    // The opponent's team is deleted while a result waits for it: nobody of it can sign in, so the
    // emailed link (or the deadline sweep) settles it.
    const c = await createTeam(t.db);
    const d = await createTeam(t.db);
    const pending = await reportedMatch(t.db, { reporter: { team: c.team, captainId: c.captain.id }, opponent: d.team });
    expect((await (await signedIn(d.captain.username)).delete(`/api/teams/${d.team.id}`).send({})).status).toBe(200);
    const confirmed = await t.request.post(`/api/matches/confirm/${pending.token}`).send({});
    expect(confirmed.status).toBe(200);
    expect((await matchRow(t.db, pending.match.id)).confirmationStatus).toBe("confirmed");
    expect((await teamState(t.db, d.team.id)).grassLosses).toBe(1);
  });
});

describe("disputing a pending match", () => {
  it("by token: needs a 10-character reason; moves to disputed, opens a dispute, mails the reporter's team and the admins", async () => {
    const { a, b } = await pair();
    const admin = await createAdmin(t.db);
    const { match, token } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
    const short = await t.request.post(`/api/matches/dispute/${token}`).send({ reason: "too short" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Please provide a detailed reason for the dispute (minimum 10 characters)");
    const blank = await t.request.post(`/api/matches/dispute/${token}`).send({ reason: "            " });
    expect(blank.status).toBe(400);

    const res = await t.request.post(`/api/matches/dispute/${token}`).send({ reason: "The score was 3-1 3-2 for us, not them." });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Match Disputed");
    expect(res.body.match.confirmationStatus).toBe("disputed");
    const m = await matchRow(t.db, match.id);
    expect(m.confirmationStatus).toBe("disputed");
    expect(m.matchStatus).toBe("reported");

    const toReporter = await t.mail.waitFor((x) => x.to.includes(a.captain.email.toLowerCase()) && /disputed/.test(x.subject));
    expect(toReporter.text).toContain("The score was 3-1 3-2");
    await t.mail.waitFor((x) => x.to.includes(admin.email.toLowerCase()) && /disputed/.test(x.subject));

    const confirm = await t.request.post(`/api/matches/confirm/${token}`).send({});
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toBe("Match Already disputed");
    const twice = await t.request.post(`/api/matches/dispute/${token}`).send({ reason: "Trying once more, please." });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("Match Already disputed");
    const view = await t.request.get(`/api/matches/token/${token}`);
    expect(view.body.confirmationStatus).toBe("disputed");
  });

  it("in the app: the opponent disputes; the reporter's team cannot; a disputed match cannot be approved", async () => {
    const { a, b } = await pair();
    const { match } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
    const rep = await signedIn(a.captain.username);
    const r1 = await rep.post(`/api/matches/${match.id}/dispute`).send({ reason: "We would like to dispute this." });
    // Like approving: the reporter's team gets 403 (docs/decisions/008).
    expect(r1.status).toBe(403);
    expect(r1.body.message).toBe("The team that reported the match cannot dispute it.");
    const opp = await signedIn(b.captain.username);
    const r2 = await opp.post(`/api/matches/${match.id}/dispute`).send({ reason: "short" });
    expect(r2.status).toBe(400);
    const r3 = await opp.post(`/api/matches/${match.id}/dispute`).send({ reason: "We won the second set 3-1." });
    expect(r3.status).toBe(200);
    expect(typeof r3.body.disputeId).toBe("number");
    const approve = await opp.post(`/api/matches/${match.id}/approve`).send({});
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe("Match Already disputed");
  });
});

describe("reads", () => {
  it("pages club-wide, team and user lists newest first, bounded", async () => {
    const { a, b } = await pair();
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const { match } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
      ids.push(match.id);
    }
    const agent = await signedIn(b.partner.username);
    const p1 = await agent.get(`/api/matches/team/${a.team.id}?page=1&limit=5`);
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ page: 1, pageSize: 5, total: 7, totalPages: 2 });
    expect(p1.body.items.map((m: { id: number }) => m.id)).toEqual(ids.slice().reverse().slice(0, 5));
    const p2 = await agent.get(`/api/matches/team/${a.team.id}?page=2&limit=5`);
    expect(p2.body.items.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 2).reverse());

    const mine = await agent.get("/api/matches/user?limit=5");
    expect(mine.body.total).toBe(7);
    const all = await agent.get("/api/matches?limit=10");
    expect(all.status).toBe(200);
    expect(all.body.items.length).toBeLessThanOrEqual(10);
    expect(all.body.pageSize).toBe(10);
    const dflt = await agent.get("/api/matches");
    expect(dflt.body.pageSize).toBeLessThanOrEqual(10);

    for (const q of ["limit=51", "limit=0", "page=0", "page=abc", "limit=-1"]) {
      const bad = await agent.get(`/api/matches?${q}`);
      expect(bad.status, q).toBe(400);
    }
    expect((await agent.get("/api/matches/team/99999999")).status).toBe(404);
    expect((await agent.get("/api/matches/team/xyz")).status).toBe(400);
    expect((await t.request.get("/api/matches")).status).toBe(401);
  });

  it("stats give the overall record, rating, rank and win % and each surface's", async () => {
    const { a, b } = await pair();
    const { token } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team, surface: "beach" });
    await t.request.post(`/api/matches/confirm/${token}`).send({}).expect(200);
    const agent = await signedIn(a.partner.username);
    const res = await agent.get("/api/matches/stats");
    expect(res.status).toBe(200);
    const sa = await teamState(t.db, a.team.id);
    expect(res.body).toMatchObject({
      teamId: a.team.id,
      overall: { wins: 1, losses: 0, rating: sa.rating, winPercent: 100 },
      surfaces: {
        beach: { wins: 1, losses: 0, rating: sa.beachRating, winPercent: 100 },
        grass: { wins: 0, losses: 0, rating: 1500, winPercent: 0 },
      },
    });
    expect(typeof res.body.overall.rank).toBe("number");
  });
});

describe("bad input never gives a 5xx", () => {
  it("generated bodies on the mutating results endpoints answer 4xx with a message", async () => {
    const fc = await import("fast-check");
    const { a, b } = await pair();
    const ch = await acceptedChallenge(t.db, a.team, b.team);
    const { match, token } = await reportedMatch(t.db, { reporter: { team: b.team, captainId: b.captain.id }, opponent: a.team });
    const captain = await signedIn(a.captain.username);
    const anyValue = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.array(fc.oneof(fc.integer({ min: -5, max: 9 }), fc.string()), { maxLength: 3 }), { maxLength: 7 }).map((x) => JSON.stringify(x)),
      fc.constant(ch.id),
      fc.constant(a.team.id),
    );
    const bodies = fc.sample(
      fc.record(
        { challengeId: anyValue, team1Id: anyValue, team2Id: anyValue, winnerTeamId: anyValue, score: anyValue, location: anyValue, notes: anyValue, reason: anyValue },
        { requiredKeys: [] },
      ),
      150,
    );
    for (const bodyIn of bodies) {
      const r1 = await captain.post("/api/matches").send(bodyIn);
      expect(r1.status, JSON.stringify(bodyIn)).toBeLessThan(500);
      const r2 = await t.request.post(`/api/matches/dispute/${token}`).send({ reason: bodyIn.reason });
      expect(r2.status, JSON.stringify(bodyIn)).toBeLessThan(500);
      if (r1.status >= 400) expect(r1.body.message).toBeTruthy();
    }
    for (const raw of ['{"challengeId": ', "[]", '"x"', "null", JSON.stringify({ score: "x".repeat(100_000) })]) {
      const res = await captain.post("/api/matches").set("Content-Type", "application/json").send(raw);
      expect(res.status, raw.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const res2 = await captain.post(`/api/matches/${match.id}/dispute`).set("Content-Type", "application/json").send(raw);
      expect(res2.status).toBeLessThan(500);
    }
  }, 120_000);
});
