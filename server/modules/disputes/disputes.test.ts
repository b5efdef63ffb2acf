import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { disputes } from "@shared/schema";
import { applyMatch } from "@shared/rating";
import type supertest from "supertest";
import { useTestApp, type TestApp } from "../../../tests/helpers/app";
import { createAdmin, createTeam, signIn, type TeamFixture } from "../../../tests/helpers/factories";
import { challengeRow, matchRow, reportedMatch, teamState } from "../matches/matches.fixtures";

let t: TestApp;
let admin: supertest.Agent;
let adminEmail: string;
useTestApp((app) => (t = app));
beforeAll(async () => {
  const row = await createAdmin(t.db);
  adminEmail = row.email.toLowerCase();
  admin = t.agent();
  await signIn(admin, row.username);
});

async function disputedMatch(): Promise<{ a: TeamFixture; b: TeamFixture; matchId: number; challengeId: number; disputeId: number }> {
  const a = await createTeam(t.db);
  const b = await createTeam(t.db);
  const { match, token, challenge } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team, surface: "beach" });
  const res = await t.request.post(`/api/matches/dispute/${token}`).send({ reason: "We won that match, the score is wrong." });
  expect(res.status).toBe(200);
  return { a, b, matchId: match.id, challengeId: challenge.id, disputeId: res.body.disputeId };
}

describe("GET /api/disputes/pending", () => {
  it("lists pending disputes with the match view for admins only, bounded", async () => {
    const { a, b, disputeId, matchId } = await disputedMatch();
    const res = await admin.get("/api/disputes/pending?limit=50");
    expect(res.status).toBe(200);
    const row = res.body.items.find((d: { id: number }) => d.id === disputeId);
    expect(row).toMatchObject({
      matchId,
      status: "pending",
      description: "We won that match, the score is wrong.",
      reporterTeamId: b.team.id,
      match: { team1: { id: a.team.id, name: a.team.name }, team2: { id: b.team.id }, confirmationStatus: "disputed" },
    });
    expect(res.body.pageSize).toBe(50);
    expect((await admin.get("/api/disputes/pending?limit=500")).status).toBe(400);

    const captain = t.agent();
    await signIn(captain, a.captain.username);
    const denied = await captain.get("/api/disputes/pending");
    expect(denied.status).toBe(403);
    expect((await t.request.get("/api/disputes/pending")).status).toBe(401);
  });
});

describe("PATCH /api/disputes/{id}", () => {
  it("correct replaces the score and winner, applies ratings from the corrected result exactly once, and mails both teams", async () => {
    const { a, b, disputeId, matchId, challengeId } = await disputedMatch();
    // Reported: a won. Corrected: b won 3-1 3-2 (b's sets second: [1,3],[2,3]).
    const expected = applyMatch(await teamState(t.db, a.team.id), await teamState(t.db, b.team.id), { surface: "beach", aWon: false });
    const body = { status: "resolved", resolutionNotes: "Both captains agree b won.", outcome: "correct", score: "[[1,3],[2,3]]", winnerTeamId: b.team.id };
    const [first, second] = await Promise.all([admin.patch(`/api/disputes/${disputeId}`).send(body), admin.patch(`/api/disputes/${disputeId}`).send(body)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const ok = first.status === 200 ? first : second;
    expect(ok.body.dispute).toMatchObject({ outcome: "correct", match: { winnerTeamId: b.team.id, sets: [[1, 3], [2, 3]] } });
    expect(await teamState(t.db, a.team.id)).toEqual(expected.a);
    expect(await teamState(t.db, b.team.id)).toEqual(expected.b);
    expect(await matchRow(t.db, matchId)).toMatchObject({ matchStatus: "approved", confirmationStatus: "confirmed", winnerTeamId: b.team.id, score: "[[1,3],[2,3]]" });
    expect((await challengeRow(t.db, challengeId)).status).toBe("completed");
    const mail = await t.mail.waitFor((x) => x.to.includes(a.captain.email.toLowerCase()) && /Dispute resolved/.test(x.subject));
    expect(mail.text).toContain("corrected it");
    expect(mail.text).toContain("Score: 1-3 2-3");
  });

  it("correct needs a score and a winner who won more sets; other outcomes take neither (400, nothing changes)", async () => {
    const { a, b, disputeId, matchId } = await disputedMatch();
    const base = { status: "resolved", resolutionNotes: "Fixing the score." };
    const cases: [Record<string, unknown>, string][] = [
      [{ outcome: "correct", winnerTeamId: b.team.id }, "To correct the result, enter the right score and choose the winner."],
      [{ outcome: "correct", score: "[[1,3],[2,3]]" }, "To correct the result, enter the right score and choose the winner."],
      [{ outcome: "correct", score: "[[1,3],[2,3]]", winnerTeamId: a.team.id }, "The selected winner must have won more sets than the other team."],
      [{ outcome: "correct", score: "[[1,3],[2,3]]", winnerTeamId: 2_000_000 }, "The winner must be one of the two teams of the match."],
      [{ outcome: "correct", score: "[[3,3]]", winnerTeamId: b.team.id }, "In each set, one player must reach the winning score of 3"],
      [{ outcome: "uphold", score: "[[1,3],[2,3]]", winnerTeamId: b.team.id }, "Only a correction takes a score and a winner."],
    ];
    for (const [over, message] of cases) {
      const res = await admin.patch(`/api/disputes/${disputeId}`).send({ ...base, ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await matchRow(t.db, matchId)).toMatchObject({ matchStatus: "reported", confirmationStatus: "disputed", winnerTeamId: a.team.id });
  });

  it("uphold applies the result exactly as a confirmation, completes the challenge and mails both teams", async () => {
    const { a, b, disputeId, matchId, challengeId } = await disputedMatch();
    const expected = applyMatch(await teamState(t.db, a.team.id), await teamState(t.db, b.team.id), { surface: "beach", aWon: true });
    const res = await admin.patch(`/api/disputes/${disputeId}`).send({ status: "resolved", resolutionNotes: "Checked with the referee.", outcome: "uphold" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Dispute Resolved");
    expect(res.body.dispute).toMatchObject({ status: "resolved", outcome: "uphold", resolutionNotes: "Checked with the referee." });
    expect(await teamState(t.db, a.team.id)).toEqual(expected.a);
    expect(await teamState(t.db, b.team.id)).toEqual(expected.b);
    const m = await matchRow(t.db, matchId);
    expect(m).toMatchObject({ matchStatus: "approved", confirmationStatus: "confirmed", team1NewRating: expected.surfaceChange.aNew });
    expect((await challengeRow(t.db, challengeId)).status).toBe("completed");
    const [d] = await t.db.select().from(disputes).where(eq(disputes.id, disputeId));
    expect(d!.resolvedBy).not.toBeNull();
    expect(d!.resolvedAt).toBeInstanceOf(Date);
    for (const email of [a.captain.email, b.partner.email]) {
      await t.mail.waitFor((x) => x.to.includes(email.toLowerCase()) && /Dispute resolved/.test(x.subject));
    }

    const again = await admin.patch(`/api/disputes/${disputeId}`).send({ status: "resolved", resolutionNotes: "Again.", outcome: "void" });
    expect(again.status).toBe(409);
    expect(await teamState(t.db, a.team.id)).toEqual(expected.a);
  });

  it("void leaves ratings unchanged, voids the match and completes the challenge", async () => {
    const { a, b, disputeId, matchId, challengeId } = await disputedMatch();
    const before = [await teamState(t.db, a.team.id), await teamState(t.db, b.team.id)];
    const res = await admin.patch(`/api/disputes/${disputeId}`).send({ status: "resolved", resolutionNotes: "No agreement; replay it.", outcome: "void" });
    expect(res.status).toBe(200);
    expect([await teamState(t.db, a.team.id), await teamState(t.db, b.team.id)]).toEqual(before);
    expect(await matchRow(t.db, matchId)).toMatchObject({ matchStatus: "voided", confirmationStatus: "disputed" });
    expect((await challengeRow(t.db, challengeId)).status).toBe("completed");
  });

  it("needs notes and an outcome; unknown disputes 404; non-admins 403; racing resolutions apply once", async () => {
    const { a, disputeId } = await disputedMatch();
    const cases: [unknown, number][] = [
      [{ status: "resolved", resolutionNotes: "   ", outcome: "uphold" }, 400],
      [{ status: "resolved", outcome: "uphold" }, 400],
      [{ status: "resolved", resolutionNotes: "ok notes", outcome: "maybe" }, 400],
      [{ status: "open", resolutionNotes: "ok notes", outcome: "void" }, 400],
      [{ status: "resolved", resolutionNotes: "ok notes", outcome: "void", extra: 1 }, 400],
    ];
    for (const [bodyIn, status] of cases) {
      const res = await admin.patch(`/api/disputes/${disputeId}`).send(bodyIn as object);
      expect(res.status, JSON.stringify(bodyIn)).toBe(status);
      expect(res.body.message).toBeTruthy();
    }
    const blank = await admin.patch(`/api/disputes/${disputeId}`).send({ status: "resolved", resolutionNotes: "   ", outcome: "uphold" });
    expect(blank.body.message).toBe("Please enter resolution notes.");
    expect((await admin.patch(`/api/disputes/999999`).send({ status: "resolved", resolutionNotes: "n", outcome: "void" })).status).toBe(404);
    const captain = t.agent();
    await signIn(captain, a.captain.username);
    expect((await captain.patch(`/api/disputes/${disputeId}`).send({ status: "resolved", resolutionNotes: "n", outcome: "void" })).status).toBe(403);

    const before = await teamState(t.db, a.team.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin.patch(`/api/disputes/${disputeId}`).send({ status: "resolved", resolutionNotes: `take ${i}`, outcome: i % 2 ? "void" : "uphold" }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    const after = await teamState(t.db, a.team.id);
    expect(after.wins + after.losses - (before.wins + before.losses)).toBeLessThanOrEqual(1);
  });

  it("the admin is told about new disputes by mail", async () => {
    await disputedMatch();
    await t.mail.waitFor((x) => x.to.includes(adminEmail) && /disputed/.test(x.subject));
  });
});
