// GET /api/waiting: the menu's counts of what waits for the member (docs/product.md,
// "Notification centre"): incoming challenges and results to approve for the member's team; registrations
// and disputes for admins (null for members). Each count follows its list's rule.
import { describe, expect, it } from "vitest";
import { CHALLENGE_STATUS } from "@shared/constants";
import { useTestApp, type TestApp } from "../../../tests/helpers/app";
import { createTeam } from "../../../tests/helpers/factories";
import { acceptedChallenge, reportedMatch } from "../matches/matches.fixtures";

let t: TestApp;
useTestApp((app) => (t = app));

describe("GET /api/waiting", () => {
  it("counts the member's team's incoming challenges (to answer or play) and results to approve; admins also see registrations and disputes", async () => {
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => createTeam(t.db)));
    const admin = await t.signedInAdmin();
    const before = (await admin.agent.get("/api/waiting")).body;

    await acceptedChallenge(t.db, a!.team, b!.team, "grass", CHALLENGE_STATUS.pending); // b must answer
    await acceptedChallenge(t.db, c!.team, b!.team, "beach", CHALLENGE_STATUS.accepted); // b must play
    await acceptedChallenge(t.db, b!.team, d!.team, "grass", CHALLENGE_STATUS.pending); // b's own: not b's work
    await reportedMatch(t.db, { reporter: { team: e!.team, captainId: e!.captain.id }, opponent: b!.team, surface: "hardcourt" }); // b approves
    const { match } = await reportedMatch(t.db, { reporter: { team: b!.team, captainId: b!.captain.id }, opponent: a!.team, surface: "beach" }); // a approves
    await createTeam(t.db, { approved: false }); // two registrations (captain and partner)

    const member = await t.signedIn(b!.partner.username);
    expect((await member.get("/api/waiting")).body).toEqual({ incomingChallenges: 2, resultsToApprove: 1, registrations: null, disputes: null });
    const other = await t.signedIn(a!.captain.username);
    expect((await other.get("/api/waiting")).body).toMatchObject({ incomingChallenges: 0, resultsToApprove: 1 });

    expect((await other.post(`/api/matches/${match.id}/dispute`).send({ reason: "The score was the other way round." })).status).toBe(200);
    expect((await other.get("/api/waiting")).body).toMatchObject({ resultsToApprove: 0 });
    const after = (await admin.agent.get("/api/waiting")).body;
    expect(after).toEqual({ incomingChallenges: 0, resultsToApprove: 0, registrations: before.registrations + 2, disputes: before.disputes + 1 });
    expect((await t.request.get("/api/waiting")).status).toBe(401);
  });
});
