import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type supertest from "supertest";
import { challenges, matches, teams, users } from "@shared/schema";
import type { CompetitionType } from "@shared/constants";
import { CHALLENGE_ERRORS } from "@shared/validators/challenges";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, type TeamFixture } from "../../../tests/helpers/factories";
import { foldLine, icsText } from "../calendar";
import { parseIcs } from "../../../tests/helpers/ical";

let t: TestApp;
useTestApp((app) => (t = app));

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function challengeBody(target: number, overrides: Record<string, unknown> = {}) {
  return {
    challengedTeamId: target,
    location: "UBC grass",
    competitionType: "Men's Doubles",
    notes: "Call me at 604-555-0100",
    proposedDateTime: inDays(2),
    ...overrides,
  };
}

const agentFor = (username: string | null): Promise<supertest.Agent> => t.signedIn(username);

async function send(agent: supertest.Agent, target: TeamFixture, overrides: Record<string, unknown> = {}) {
  return agent
    .post("/api/challenges")
    .send(challengeBody(target.team.id, { competitionType: target.team.competitionType, ...overrides }));
}

describe("POST /api/challenges: sending a challenge", () => {
  it("when a captain challenges an approved team of the same category, it is stored pending and the other team is emailed", async () => {
    const { a, b, capA } = await t.signedInPair();
    const res = await send(capA, b, { location: "Jericho Beach", notes: "  Text Sam: 604-555-0101  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      challengerTeamId: a.team.id,
      challengedTeamId: b.team.id,
      status: "pending",
      location: "Jericho Beach",
      surface: "beach",
      competitionType: "Men's Doubles",
      notes: "Text Sam: 604-555-0101",
      createdBy: a.captain.id,
    });
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, res.body.id));
    expect(row?.proposedDateTime).toBeInstanceOf(Date);
    for (const member of [b.captain, b.partner]) {
      const mail = await t.mail.waitFor((m) => m.to.includes(member.email) && m.subject.includes(a.team.name));
      expect(mail.text).toContain("Jericho Beach");
      expect(mail.text).toContain("Text Sam: 604-555-0101");
      expect(mail.links).toContain(`${t.env.APP_URL}/challenges`);
    }
  });

  it("the mails show the proposed time in the club's zone, for people: a Thursday 6 PM match in Vancouver", async () => {
    expect(t.env.CLUB_TIMEZONE).toBe("America/Vancouver");
    const { a, b, capA, capB } = await t.signedInPair();
    // Thursday 26 November 2037, 6:00 PM in Vancouver (PST, UTC-8) is Friday 02:00 UTC.
    const res = await send(capA, b, { proposedDateTime: "2037-11-27T02:00:00.000Z" });
    expect(res.status).toBe(201);
    const sent = await t.mail.waitFor((m) => m.to.includes(b.captain.email) && m.subject === `New challenge from ${a.team.name}`);
    expect(sent.text).toContain("When: Thu 26 Nov, 6:00 PM\n");
    expect((await capB.patch(`/api/challenges/${res.body.id}`).send({ status: "accepted" })).status).toBe(200);
    const answered = await t.mail.waitFor((m) => m.to.includes(a.captain.email) && m.subject === `${b.team.name} accepted your challenge`);
    expect(answered.text).toContain("When: Thu 26 Nov, 6:00 PM\n");
    for (const text of [sent.text, answered.text]) expect(text).not.toMatch(/UTC|GMT|2037/);
  });

  it("when the location names no surface, it answers 'Surface Type Required'", async () => {
    const { b, capA } = await t.signedInPair();
    for (const location of [undefined, "", "Central park", 42]) {
      const res = await send(capA, b, { location });
      expect(res.status).toBe(400);
      expect(res.body.title).toBe("Surface Type Required");
      expect(res.body.message).toBe("Please select a surface type before challenging a team.");
    }
  });

  it("when the category is 'all' or missing, it answers 'Competition Category Required'", async () => {
    const { b, capA } = await t.signedInPair();
    for (const competitionType of ["all", undefined, "Squash"]) {
      const res = await send(capA, b, { competitionType });
      expect(res.status).toBe(400);
      expect(res.body.title).toBe("Competition Category Required");
    }
  });

  it("when the date and time are missing, invalid or past, it answers 'Date and Time Required'", async () => {
    const { b, capA } = await t.signedInPair();
    for (const proposedDateTime of [undefined, "", "2026-13-45", "tomorrow", 1234]) {
      const res = await send(capA, b, { proposedDateTime });
      expect(res.status).toBe(400);
      expect(res.body.title).toBe("Date and Time Required");
      expect(res.body.message).toBe("Please select both a date and time for the match");
    }
    const past = await send(capA, b, { proposedDateTime: inDays(-1) });
    expect(past.status).toBe(400);
    expect(past.body.title).toBe("Date and Time Required");
    expect(past.body.message).toBe("Please choose a match date and time in the future.");
  });

  it("when the contact notes are blank or over 200 characters, it refuses; 200 is fine", async () => {
    const { b, capA } = await t.signedInPair();
    for (const notes of [undefined, "", "   \n ", null]) {
      const res = await send(capA, b, { notes });
      expect(res.status).toBe(400);
      expect(res.body.title).toBe("Contact Information Required");
      expect(res.body.message).toBe("Please include your contact information in the notes");
    }
    const long = await send(capA, b, { notes: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Contact information must be at most 200 characters.");
    const ok = await send(capA, b, { notes: "y".repeat(200) });
    expect(ok.status).toBe(201);
  });

  it("reports the first rule in the product's order: surface before category before date before notes", async () => {
    const { b, capA } = await t.signedInPair();
    const res = await capA.post("/api/challenges").send({ challengedTeamId: b.team.id });
    expect(res.status).toBe(400);
    expect(res.body.title).toBe("Surface Type Required");
    expect(Object.keys(res.body.fields)).toEqual(
      expect.arrayContaining(["location", "competitionType", "proposedDateTime", "notes"]),
    );
  });

  it("when there is already a pending or accepted challenge between the two teams, in either direction, it answers 'Challenge Already Active'", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    expect((await send(capA, b)).status).toBe(201);
    const again = await send(capA, b);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ title: CHALLENGE_ERRORS.active.title, message: CHALLENGE_ERRORS.active.message });
    const reverse = await send(capB, a);
    expect(reverse.status).toBe(409);
    expect(reverse.body.title).toBe("Challenge Already Active");

    // Accepted still blocks; declined frees the pair.
    const [row] = await t.db.select().from(challenges).where(eq(challenges.challengerTeamId, a.team.id));
    expect((await capB.patch(`/api/challenges/${row!.id}`).send({ status: "accepted" })).status).toBe(200);
    expect((await send(capB, a)).status).toBe(409);
    await t.db.update(challenges).set({ status: "declined" }).where(eq(challenges.id, row!.id));
    expect((await send(capB, a)).status).toBe(201);
  });

  it("when two requests for the same pair race, exactly one is created and the other answers 409", async () => {
    for (let i = 0; i < 3; i++) {
      const { a, b, capA, capB } = await t.signedInPair();
      const results = await Promise.all([send(capA, b), send(capA, b), send(capB, a)]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.title).toBe("Challenge Already Active");
      const rows = await t.db.select().from(challenges).where(eq(challenges.challengerTeamId, a.team.id));
      const rowsB = await t.db.select().from(challenges).where(eq(challenges.challengerTeamId, b.team.id));
      expect(rows.length + rowsB.length).toBe(1);
    }
  });

  it("refuses challenging your own team, another category, and a category that is not your team's", async () => {
    const { a, b, capA } = await t.signedInPair();
    const own = await send(capA, a);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe("You cannot challenge your own team.");

    const women = await createTeam(t.db, { competitionType: "Women's Doubles" });
    const other = await send(capA, women);
    expect(other.status).toBe(400);
    expect(other.body.title).toBe("Competition Category Mismatch");
    const other2 = await send(capA, women, { competitionType: "Men's Doubles" });
    expect(other2.status).toBe(400);
    expect(other2.body.message).toContain("own competition category (Men's Doubles)");

    const wrongCategory = await send(capA, b, { competitionType: "Mixed Doubles" });
    expect(wrongCategory.status).toBe(400);
    expect(wrongCategory.body.message).toContain("Your team plays Men's Doubles");
  });

  it("refuses unknown, deleted, unapproved and suspended teams", async () => {
    const { capA } = await t.signedInPair();
    const unknown = await capA.post("/api/challenges").send(challengeBody(2_000_000_000));
    expect(unknown.status).toBe(404);

    const deleted = await createTeam(t.db, { team: { deletedAt: new Date() } });
    expect((await send(capA, deleted)).status).toBe(404);

    const pending = await createTeam(t.db, { approved: false });
    const p = await send(capA, pending);
    expect(p.status).toBe(400);
    expect(p.body).toMatchObject({ title: "Team Not Available", message: "This team is awaiting approval and cannot be challenged yet." });

    const suspended = await createTeam(t.db);
    await t.db.update(users).set({ isSuspended: true }).where(eq(users.id, suspended.partner.id));
    const s = await send(capA, suspended);
    expect(s.status).toBe(400);
    expect(s.body.message).toBe("This team is suspended and cannot be challenged.");
  });

  it("refuses a captain whose own team is not approved, partners, and signed-out visitors", async () => {
    const { a, b } = await t.signedInPair();
    await t.db.update(teams).set({ isApproved: false }).where(eq(teams.id, a.team.id));
    const capA = await agentFor(a.captain.username);
    const res = await send(capA, b);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Your team is awaiting approval and cannot send challenges yet.");

    const unapproved = await createTeam(t.db, { approved: false });
    const unapprovedAgent = await agentFor(unapproved.captain.username);
    expect((await send(unapprovedAgent, b)).status).toBe(403);

    const partner = await agentFor(b.partner.username);
    const p = await send(partner, a);
    expect(p.status).toBe(403);
    expect(p.body.title).toBe("Captain Only");

    const anon = await t.request.post("/api/challenges").send(challengeBody(b.team.id));
    expect(anon.status).toBe(401);
  });

  it("never answers 500 to generated bodies", async () => {
    const { b, capA } = await t.signedInPair();
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            challengedTeamId: fc.oneof(fc.integer(), fc.string(), fc.constant(b.team.id), fc.double(), fc.constant(null)),
            location: fc.oneof(fc.string(), fc.constant("UBC grass"), fc.constant(null), fc.integer()),
            competitionType: fc.oneof(fc.string(), fc.constant("Men's Doubles"), fc.constant("all")),
            notes: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(null), fc.array(fc.string())),
            proposedDateTime: fc.oneof(fc.string(), fc.date().map((d) => (Number.isNaN(d.getTime()) ? "x" : d.toISOString())), fc.integer()),
            isAdmin: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await capA.post("/api/challenges").send(body);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expect(typeof res.body.message).toBe("string");
          if (res.status === 201) {
            // Free the pair again for the next generated body.
            await t.db.update(challenges).set({ status: "canceled" }).where(eq(challenges.id, res.body.id));
          }
        },
      ),
      { numRuns: 150 },
    );
    for (const raw of ["[]", "null", '"x"', "{}", '{"challengedTeamId": {"$gt": 1}}']) {
      const res = await capA.post("/api/challenges").set("Content-Type", "application/json").send(raw);
      expect(res.status).toBe(400);
    }
  });
});

/** Teams ranked 1..n on one surface of one category (wins set so they are on that ladder). */
async function ladder(category: CompetitionType, column: "beachRating" | "hardcourtRating" | "grassRating", n: number) {
  const winsColumn = column.replace("Rating", "Wins") as "beachWins" | "hardcourtWins" | "grassWins";
  const result: TeamFixture[] = [];
  for (let i = 0; i < n; i++) {
    result.push(await createTeam(t.db, { competitionType: category, team: { [column]: 2000 - i * 20, [winsColumn]: 3 } }));
  }
  return result;
}

describe("reach: up to 3 places above on the chosen surface's ladder", () => {
  it("a team may challenge any team below it and up to 3 places above, not 4", async () => {
    const ranked = await ladder("Women's Doubles", "beachRating", 6);
    const fifth = await agentFor(ranked[4]!.captain.username);
    const body = (target: TeamFixture) => ({ location: "Jericho Beach", competitionType: "Women's Doubles", challengedTeamId: target.team.id });
    const tooHigh = await fifth.post("/api/challenges").send(challengeBody(ranked[0]!.team.id, body(ranked[0]!)));
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.title).toBe("Out of Reach");
    expect(tooHigh.body.message).toBe(
      "Out of reach: you can challenge teams up to 3 places above you (you are #5, they are #1).",
    );
    expect((await fifth.post("/api/challenges").send(challengeBody(ranked[1]!.team.id, body(ranked[1]!)))).status).toBe(201);
    expect((await fifth.post("/api/challenges").send(challengeBody(ranked[5]!.team.id, body(ranked[5]!)))).status).toBe(201);
    const first = await agentFor(ranked[0]!.captain.username);
    expect((await first.post("/api/challenges").send(challengeBody(ranked[4]!.team.id, body(ranked[4]!)))).status).toBe(201);

    // The same teams are all unranked on grass: everyone is within reach there.
    const grass = await first.post("/api/challenges").send(
      challengeBody(ranked[3]!.team.id, { location: "UBC grass", competitionType: "Women's Doubles" }),
    );
    expect(grass.status).toBe(201);
  });

  it("an unranked team counts as one place below the last ranked team", async () => {
    const ranked = await ladder("Mixed Doubles", "hardcourtRating", 5);
    const newcomer = await createTeam(t.db, { competitionType: "Mixed Doubles" });
    const other = await createTeam(t.db, { competitionType: "Mixed Doubles" });
    const agent = await agentFor(newcomer.captain.username);
    const body = (target: TeamFixture) =>
      challengeBody(target.team.id, { location: "Jericho Hardcourt", competitionType: "Mixed Doubles" });
    // Newcomer counts as #6: #3 is within reach, #2 is not.
    const two = await agent.post("/api/challenges").send(body(ranked[1]!));
    expect(two.status).toBe(400);
    expect(two.body.message).toBe(
      "Out of reach: you can challenge teams up to 3 places above you (you are unranked, counted as #6, they are #2).",
    );
    expect((await agent.post("/api/challenges").send(body(ranked[2]!))).status).toBe(201);
    // Two unranked teams share the place below the last.
    expect((await agent.post("/api/challenges").send(body(other))).status).toBe(201);
    // A ranked team can challenge an unranked one (it is below).
    const top = await agentFor(ranked[0]!.captain.username);
    expect((await top.post("/api/challenges").send(body(other))).status).toBe(201);
  });
});

async function createPending() {
  const p = await t.signedInPair();
  const res = await send(p.capA, p.b);
  expect(res.status).toBe(201);
  return { ...p, id: res.body.id as number };
}

describe("PATCH and DELETE /api/challenges/{id}: accept, decline, cancel", () => {
  it("the challenged captain accepts a pending challenge; the challenger's team is emailed; a second accept is 409", async () => {
    const { a, b, capB, id } = await createPending();
    const res = await capB.patch(`/api/challenges/${id}`).send({ status: "accepted" });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("accepted");
    const mail = await t.mail.waitFor((m) => m.to.includes(a.captain.email) && m.subject === `${b.team.name} accepted your challenge`);
    expect(mail.text).toContain("UBC grass");
    const again = await capB.patch(`/api/challenges/${id}`).send({ status: "accepted" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This challenge is accepted and can no longer be accepted.");
    // The same move again (a double click): refused, but marked as already done; another move is not.
    expect(again.body.code).toBe("already_done");
    const decline = await capB.patch(`/api/challenges/${id}`).send({ status: "declined" });
    expect(decline.status).toBe(409);
    expect(decline.body.code).toBe("wrong_state");
  });

  it("accepting re-checks both teams: a challenger suspended, unapproved or deleted since sending, or a suspended member of the accepting team, is refused with a clear 4xx (and the challenge stays pending)", async () => {
    const status = async (id: number) => (await t.db.select({ s: challenges.status }).from(challenges).where(eq(challenges.id, id)))[0]!.s;

    // The challenger's partner is suspended after the challenge was sent.
    const suspended = await createPending();
    await t.db.update(users).set({ isSuspended: true }).where(eq(users.id, suspended.a.partner.id));
    const refused = await suspended.capB.patch(`/api/challenges/${suspended.id}`).send({ status: "accepted" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      title: "Team Not Available",
      code: "team_suspended",
      message: `${suspended.a.team.name} is suspended: this challenge cannot be accepted now. You can decline it instead.`,
    });
    expect(await status(suspended.id)).toBe("pending");
    // The candidates list and the challenge card say Suspended, not Active.
    const row = (await suspended.capB.get("/api/challenges/candidates").query({ limit: 100 })).body.items.find((r: { id: number }) => r.id === suspended.a.team.id);
    expect(row.status).toBe("Suspended");
    const card = (await suspended.capB.get("/api/challenges/incoming")).body.items.find((c: { id: number }) => c.id === suspended.id);
    expect(card.opponent.suspended).toBe(true);
    expect((await suspended.capB.get(`/api/teams/${suspended.a.team.id}`)).body.suspended).toBe(true);
    // Declining stays possible; lifted, accepting works again.
    await t.db.update(users).set({ isSuspended: false }).where(eq(users.id, suspended.a.partner.id));
    expect((await suspended.capB.patch(`/api/challenges/${suspended.id}`).send({ status: "accepted" })).status).toBe(200);
    const declinable = await createPending();
    await t.db.update(users).set({ isSuspended: true }).where(eq(users.id, declinable.a.captain.id));
    expect((await declinable.capB.patch(`/api/challenges/${declinable.id}`).send({ status: "declined" })).status).toBe(200);

    // The challenger is no longer approved.
    const unapproved = await createPending();
    await t.db.update(teams).set({ isApproved: false }).where(eq(teams.id, unapproved.a.team.id));
    const notApproved = await unapproved.capB.patch(`/api/challenges/${unapproved.id}`).send({ status: "accepted" });
    expect(notApproved.status).toBe(409);
    expect(notApproved.body.code).toBe("team_not_approved");
    expect(await status(unapproved.id)).toBe("pending");

    // The challenger deleted (as a row left pending would be: the delete itself cancels its challenges).
    const deleted = await createPending();
    await t.db.update(teams).set({ deletedAt: new Date() }).where(eq(teams.id, deleted.a.team.id));
    const gone = await deleted.capB.patch(`/api/challenges/${deleted.id}`).send({ status: "accepted" });
    expect(gone.status).toBe(409);
    expect(gone.body.code).toBe("team_not_found");
    expect(await status(deleted.id)).toBe("pending");

    // A member of the accepting team is suspended.
    const own = await createPending();
    await t.db.update(users).set({ isSuspended: true }).where(eq(users.id, own.b.partner.id));
    const ownRefused = await own.capB.patch(`/api/challenges/${own.id}`).send({ status: "accepted" });
    expect(ownRefused.status).toBe(403);
    expect(ownRefused.body).toMatchObject({ title: "Team Suspended", code: "suspended" });
    expect(await status(own.id)).toBe("pending");
  });

  it("the challenged captain declines; the challenger's team is emailed", async () => {
    const { a, b, capB, id } = await createPending();
    const res = await capB.patch(`/api/challenges/${id}`).send({ status: "declined" });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("declined");
    await t.mail.waitFor((m) => m.to.includes(a.partner.email) && m.subject === `${b.team.name} declined your challenge`);
  });

  it("accepting takes an optional contact note (≤ 200 characters) that the accept mail gives the challenger", async () => {
    const { a, b, capA, capB, id } = await createPending();
    const long = await capB.patch(`/api/challenges/${id}`).send({ status: "accepted", note: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("The note must be at most 200 characters.");
    const res = await capB.patch(`/api/challenges/${id}`).send({ status: "accepted", note: "Gabe: 604-555-0199 after 5 PM" });
    expect(res.status).toBe(200);
    expect(res.body.responseNote).toBe("Gabe: 604-555-0199 after 5 PM");
    const mail = await t.mail.waitFor((m) => m.to.includes(a.partner.email) && m.subject === `${b.team.name} accepted your challenge`);
    expect(mail.text).toContain("Their contact: Gabe: 604-555-0199 after 5 PM\n");
    expect(mail.text).not.toContain("see the challenge's notes");
    const card = (await capA.get("/api/challenges/outgoing")).body.items.find((c: { id: number }) => c.id === id);
    expect(card.responseNote).toBe("Gabe: 604-555-0199 after 5 PM");
  });

  it("declining takes an optional reason (≤ 200 characters) that the challenger sees on the card and in the mail", async () => {
    const { a, b, capA, capB, id } = await createPending();
    expect((await capB.patch(`/api/challenges/${id}`).send({ status: "declined", note: "x".repeat(201) })).status).toBe(400);
    const res = await capB.patch(`/api/challenges/${id}`).send({ status: "declined", note: "  We are away until March.  " });
    expect(res.status).toBe(200);
    expect(res.body.responseNote).toBe("We are away until March.");
    const mail = await t.mail.waitFor((m) => m.to.includes(a.captain.email) && m.subject === `${b.team.name} declined your challenge`);
    expect(mail.text).toContain("Their reason: We are away until March.");
    const card = (await capA.get("/api/challenges/outgoing?status=all")).body.items.find((c: { id: number }) => c.id === id);
    expect(card).toMatchObject({ status: "declined", responseNote: "We are away until March." });
    // Without a reason the mail says nothing of one; a note never goes with a cancel.
    const other = await createPending();
    expect((await other.capB.patch(`/api/challenges/${other.id}`).send({ status: "declined" })).body.responseNote).toBeNull();
    const plain = await t.mail.waitFor((m) => m.to.includes(other.a.captain.email) && m.subject === `${other.b.team.name} declined your challenge`);
    expect(plain.text).not.toContain("Their reason");
    const third = await createPending();
    const cancel = await third.capA.patch(`/api/challenges/${third.id}`).send({ status: "canceled", note: "Sorry" });
    expect(cancel.status).toBe(400);
    expect(cancel.body.message).toBe("A note goes only with accepting or declining a challenge.");
  });

  it("the challenger's captain cannot accept or decline their own challenge (403), nor can the challenged captain cancel it", async () => {
    const { capA, capB, id } = await createPending();
    const accept = await capA.patch(`/api/challenges/${id}`).send({ status: "accepted" });
    expect(accept.status).toBe(403);
    expect(accept.body.message).toBe("Only the captain of the challenged team can accept or decline this challenge.");
    expect((await capA.patch(`/api/challenges/${id}`).send({ status: "declined" })).status).toBe(403);
    const cancel = await capB.patch(`/api/challenges/${id}`).send({ status: "canceled" });
    expect(cancel.status).toBe(403);
    expect((await capB.delete(`/api/challenges/${id}`)).status).toBe(403);
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, id));
    expect(row?.status).toBe("pending");
  });

  it("a captain of an uninvolved team gets 404, partners get 403, unknown ids 404, bad input 400", async () => {
    const { a, b, id } = await createPending();
    const stranger = await createTeam(t.db);
    const capC = await agentFor(stranger.captain.username);
    expect((await capC.patch(`/api/challenges/${id}`).send({ status: "accepted" })).status).toBe(404);
    expect((await capC.delete(`/api/challenges/${id}`)).status).toBe(404);
    const partnerB = await agentFor(b.partner.username);
    const p = await partnerB.patch(`/api/challenges/${id}`).send({ status: "accepted" });
    expect(p.status).toBe(403);
    expect(p.body.title).toBe("Captain Only");
    const partnerA = await agentFor(a.partner.username);
    expect((await partnerA.delete(`/api/challenges/${id}`)).status).toBe(403);
    const capB = await agentFor(b.captain.username);
    expect((await capB.patch(`/api/challenges/999999999`).send({ status: "accepted" })).status).toBe(404);
    expect((await capB.patch(`/api/challenges/abc`).send({ status: "accepted" })).status).toBe(400);
    expect((await capB.patch(`/api/challenges/99999999999999`).send({ status: "accepted" })).status).toBe(400);
    for (const body of [{ status: "completed" }, { status: "match_reported" }, {}, { status: "accepted", extra: 1 }]) {
      const res = await capB.patch(`/api/challenges/${id}`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await t.request.patch(`/api/challenges/${id}`).send({ status: "accepted" })).status).toBe(401);
  });

  it("the challenger's captain cancels a pending challenge by DELETE (kept as canceled) and the other team is emailed", async () => {
    const { a, b, capA, id } = await createPending();
    const res = await capA.delete(`/api/challenges/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("canceled");
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, id));
    expect(row?.status).toBe("canceled");
    await t.mail.waitFor((m) => m.to.includes(b.captain.email) && m.subject === `${a.team.name} canceled their challenge`);
    const again = await capA.delete(`/api/challenges/${id}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This challenge is canceled and can no longer be canceled.");
    // Accepting a canceled challenge is refused too.
    const capB = await agentFor(b.captain.username);
    expect((await capB.patch(`/api/challenges/${id}`).send({ status: "accepted" })).status).toBe(409);
  });

  it("the challenger's captain may cancel an accepted challenge, but not once a result is reported", async () => {
    const { capA, capB, id } = await createPending();
    expect((await capB.patch(`/api/challenges/${id}`).send({ status: "accepted" })).status).toBe(200);
    const cancel = await capA.patch(`/api/challenges/${id}`).send({ status: "canceled" });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe("canceled");

    const second = await createPending();
    await t.db.update(challenges).set({ status: "match_reported" }).where(eq(challenges.id, second.id));
    const refused = await second.capA.delete(`/api/challenges/${second.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This challenge is waiting for approval of the reported result and can no longer be canceled.",
    );
  });

  it("when accept and cancel race, the challenge ends in exactly one state", async () => {
    for (let i = 0; i < 3; i++) {
      const { capA, capB, id } = await createPending();
      const [accept, cancel] = await Promise.all([
        capB.patch(`/api/challenges/${id}`).send({ status: "accepted" }),
        capA.delete(`/api/challenges/${id}`),
      ]);
      const [row] = await t.db.select().from(challenges).where(eq(challenges.id, id));
      // Cancel works from accepted too, so either order ends canceled or accepted; never an error 500.
      expect([accept.status, cancel.status].every((s) => s === 200 || s === 409)).toBe(true);
      expect(cancel.status).toBe(200);
      expect(row?.status).toBe("canceled");
    }
  });
});

describe("GET /api/challenges/incoming and /outgoing", () => {
  it("lists the team's challenges newest first with the other team's name, members, ratings and mean rating", async () => {
    const a = await createTeam(t.db, { team: { grassRating: 1600, beachRating: 1500, hardcourtRating: 1401 } });
    const b = await createTeam(t.db);
    const c = await createTeam(t.db);
    const capA = await agentFor(a.captain.username);
    const capB = await agentFor(b.captain.username);
    const capC = await agentFor(c.captain.username);
    const first = await send(capA, b, { notes: "first" });
    const second = await send(capC, b, { notes: "second", location: "Jericho Hardcourt" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);

    const incoming = await capB.get("/api/challenges/incoming");
    expect(incoming.status).toBe(200);
    expect(incoming.body.total).toBe(2);
    expect(incoming.body.items.map((x: { id: number }) => x.id)).toEqual([second.body.id, first.body.id]);
    const fromA = incoming.body.items[1];
    expect(fromA).toMatchObject({
      direction: "incoming",
      status: "pending",
      location: "UBC grass",
      surface: "grass",
      notes: "first",
      matchId: null,
      opponent: { id: a.team.id, name: a.team.name, grassRating: 1600, beachRating: 1500, hardcourtRating: 1401, meanRating: 1500 },
    });
    expect(fromA.opponent.members).toEqual([
      { id: a.captain.id, name: a.captain.name, isCaptain: true },
      { id: a.partner.id, name: a.partner.name, isCaptain: false },
    ]);
    expect(typeof fromA.proposedDateTime).toBe("string");

    const outgoing = await capA.get("/api/challenges/outgoing");
    expect(outgoing.body.items).toHaveLength(1);
    expect(outgoing.body.items[0]).toMatchObject({ direction: "outgoing", opponent: { id: b.team.id } });

    // Partners read them too.
    const partnerB = await agentFor(b.partner.username);
    expect((await partnerB.get("/api/challenges/incoming")).body.total).toBe(2);
    // Another team sees none of them: one empty page, as every list answers.
    expect((await capC.get("/api/challenges/incoming")).body).toMatchObject({ items: [], page: 1, total: 0, totalPages: 1 });
  });

  it("gives the match id of a reported challenge, hides closed ones unless status=all, and pages", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const r1 = await send(capA, b);
    await capB.patch(`/api/challenges/${r1.body.id}`).send({ status: "accepted" });
    const [match] = await t.db
      .insert(matches)
      .values({ team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id, challengeId: r1.body.id, score: "[[3,1]]" })
      .returning();
    await t.db.update(challenges).set({ status: "match_reported" }).where(eq(challenges.id, r1.body.id));
    const c = await createTeam(t.db);
    const r2 = await send(capA, c);
    await capA.delete(`/api/challenges/${r2.body.id}`);

    const open = await capA.get("/api/challenges/outgoing");
    expect(open.body.items).toHaveLength(1);
    expect(open.body.items[0]).toMatchObject({ id: r1.body.id, status: "match_reported", matchId: match!.id });
    const all = await capA.get("/api/challenges/outgoing?status=all");
    expect(all.body.items.map((x: { status: string }) => x.status)).toEqual(["canceled", "match_reported"]);
    const paged = await capA.get("/api/challenges/outgoing?status=all&limit=1&page=2");
    expect(paged.body).toMatchObject({ page: 2, pageSize: 1, total: 2, totalPages: 2 });
    expect(paged.body.items[0].id).toBe(r1.body.id);
    const beyond = await capA.get("/api/challenges/outgoing?status=all&limit=1&page=5");
    expect(beyond.body).toMatchObject({ items: [], total: 2 });
    expect((await capA.get("/api/challenges/outgoing?limit=500")).status).toBe(400);
    expect((await capA.get("/api/challenges/outgoing?status=nope")).status).toBe(400);
    expect((await t.request.get("/api/challenges/incoming")).status).toBe(401);
  });
});

describe("a reported challenge's result on the lists", () => {
  it("carries the match's confirmation, so a disputed result shows as disputed (not waiting for approval)", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const sent = await send(capA, b);
    expect((await capA.get("/api/challenges/outgoing")).body.items[0]).toMatchObject({ id: sent.body.id, matchId: null, matchConfirmationStatus: null });
    await capB.patch(`/api/challenges/${sent.body.id}`).send({ status: "accepted" });
    const reported = await capA
      .post("/api/matches")
      .send({ challengeId: sent.body.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id, score: "[[3,1]]", location: "UBC grass", notes: null });
    expect(reported.status).toBe(201);
    const matchId = reported.body.match.id as number;
    expect((await capA.get("/api/challenges/outgoing")).body.items[0]).toMatchObject({ status: "match_reported", matchId, matchConfirmationStatus: "pending" });

    const disputed = await capB.post(`/api/matches/${matchId}/dispute`).send({ reason: "The score was 3-1 for us, not for them." });
    expect(disputed.status).toBe(200);
    expect((await capA.get("/api/challenges/outgoing")).body.items[0]).toMatchObject({ status: "match_reported", matchConfirmationStatus: "disputed" });
    expect((await capB.get("/api/challenges/incoming")).body.items[0]).toMatchObject({ status: "match_reported", matchConfirmationStatus: "disputed" });
  });
});

describe("GET /api/challenges/candidates", () => {
  it("lists other active teams with surface rating, record, status, rank, reach and win probability", async () => {
    const category: CompetitionType = "Women's Doubles";
    const mine = await createTeam(t.db, { competitionType: category, team: { hardcourtRating: 1600, hardcourtWins: 1 } });
    const equal = await createTeam(t.db, { competitionType: category, team: { hardcourtRating: 1600, hardcourtWins: 0, hardcourtLosses: 1 } });
    const pending = await createTeam(t.db, { competitionType: category, approved: false });
    const deleted = await createTeam(t.db, { competitionType: category, team: { deletedAt: new Date() } });
    const men = await createTeam(t.db, { competitionType: "Men's Doubles" });
    const busy = await createTeam(t.db, { competitionType: category });
    const suspended = await createTeam(t.db, { competitionType: category });
    await t.db.update(users).set({ isSuspended: true }).where(eq(users.id, suspended.captain.id));
    const cap = await agentFor(mine.captain.username);
    expect((await send(cap, busy, { location: "Jericho Hardcourt" })).status).toBe(201);

    const res = await cap.get(`/api/challenges/candidates?surface=hardcourt&competitionType=${encodeURIComponent(category)}&limit=100`);
    expect(res.status).toBe(200);
    const byId = new Map<number, Record<string, unknown>>(res.body.items.map((x: { id: number }) => [x.id, x]));
    expect(byId.has(mine.team.id)).toBe(false);
    expect(byId.has(deleted.team.id)).toBe(false);
    expect(byId.has(men.team.id)).toBe(false);
    expect(res.body.me).toMatchObject({ teamId: mine.team.id, rating: 1600 });
    expect(byId.get(equal.team.id)).toMatchObject({
      rating: 1600,
      wins: 0,
      losses: 1,
      status: "Active",
      reachable: true,
      reason: null,
      winProbability: 50,
    });
    expect(typeof byId.get(equal.team.id)!.rank).toBe("number");
    expect(byId.get(pending.team.id)).toMatchObject({ status: "Pending", reachable: false, reason: "This team is awaiting approval", rank: null });
    expect(byId.get(busy.team.id)).toMatchObject({ reachable: false, reason: "Already an active challenge with this team", winProbability: 64 });
    expect(byId.get(suspended.team.id)).toMatchObject({ reachable: false, reason: "This team is suspended" });
    const row = byId.get(busy.team.id) as { members: { name: string }[] };
    expect(row.members.map((m) => m.name)).toEqual([busy.captain.name, busy.partner.name]);

    // Every category: other categories are listed but not reachable.
    const all = await cap.get("/api/challenges/candidates?surface=hardcourt&competitionType=all&limit=100");
    expect(all.status).toBe(200);
    const menRow = all.body.items.find((x: { id: number }) => x.id === men.team.id);
    expect(menRow).toMatchObject({ reachable: false, reason: "Different category: your team plays Women's Doubles" });

    // Partners see the same table.
    const partner = await agentFor(mine.partner.username);
    expect((await partner.get("/api/challenges/candidates?surface=hardcourt")).status).toBe(200);
  });

  it("marks out-of-reach rows with the reason and ranks", async () => {
    const ranked = await ladder("Men's Doubles", "beachRating", 5);
    const cap = await agentFor(ranked[4]!.captain.username);
    const res = await cap.get("/api/challenges/candidates?surface=beach&competitionType=Men's%20Doubles&limit=100");
    const byId = new Map<number, { rank: number | null; reachable: boolean; reason: string | null }>(
      res.body.items.map((x: { id: number }) => [x.id, x]),
    );
    const top = byId.get(ranked[0]!.team.id)!;
    expect(top.reachable).toBe(false);
    expect(top.reason).toMatch(/^Out of reach: you can challenge teams up to 3 places above you \(you are #\d+, they are #\d+\)\.$/);
    expect(byId.get(ranked[1]!.team.id)!.reachable).toBe(true);
    expect(res.body.me.rank).toBe(top.rank! + 4);
    // Ranked rows come first, in ladder order.
    const ranks = res.body.items.map((x: { rank: number | null }) => x.rank).filter((r: number | null) => r !== null);
    expect(ranks).toEqual([...ranks].sort((x: number, y: number) => x - y));
  });

  it("gives each row the refusal that POST /api/challenges answers for that team: one rule for both", async () => {
    const category: CompetitionType = "Mixed Doubles";
    // A grass ladder of this category (no other test ranks Mixed Doubles on grass) with the user's
    // team last, and teams that cannot be challenged for each other reason.
    const ranked = await ladder(category, "grassRating", 6);
    const mine = ranked[5]!;
    const pending = await createTeam(t.db, { competitionType: category, approved: false });
    const suspended = await createTeam(t.db, { competitionType: category });
    await t.db.update(users).set({ isSuspended: true }).where(eq(users.id, suspended.partner.id));
    const busy = await createTeam(t.db, { competitionType: category });
    const men = await createTeam(t.db, { competitionType: "Men's Doubles" });
    const cap = await agentFor(mine.captain.username);
    expect((await send(cap, busy)).status).toBe(201);
    const ours = new Set([...ranked, pending, suspended, busy, men].map((f) => f.team.id));

    const codes = new Set<string | null>();
    for (const listed of [category, "Men's Doubles"] as const) {
      const res = await cap.get("/api/challenges/candidates").query({ surface: "grass", competitionType: listed, limit: 100 });
      expect(res.status).toBe(200);
      const rows = (res.body.items as { id: number; reachable: boolean; reason: string | null; reasonCode: string | null }[]).filter(
        (r) => ours.has(r.id),
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const posted = await cap.post("/api/challenges").send(challengeBody(row.id, { location: "UBC grass", competitionType: listed }));
        codes.add(row.reasonCode);
        if (row.reachable) {
          expect(posted.status, `team ${row.id}`).toBe(201);
          await t.db.update(challenges).set({ status: "canceled" }).where(eq(challenges.id, posted.body.id));
        } else {
          expect(posted.status, `team ${row.id}: ${row.reason}`).toBeGreaterThanOrEqual(400);
          expect(posted.body.code, `team ${row.id}: ${row.reason}`).toBe(row.reasonCode);
        }
      }
    }
    for (const code of [null, "out_of_reach", "team_not_approved", "team_suspended", "challenge_active", "category_not_yours"])
      expect(codes).toContain(code);

    // A partner sees the same reasons, and "captain_only" where nothing else stops the team.
    const partner = await agentFor(mine.partner.username);
    const seen = await partner.get("/api/challenges/candidates").query({ surface: "grass", competitionType: category, limit: 100 });
    const byId = new Map<number, { reachable: boolean; reasonCode: string | null }>(seen.body.items.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(ranked[4]!.team.id)).toMatchObject({ reachable: false, reasonCode: "captain_only" });
    expect(byId.get(ranked[0]!.team.id)).toMatchObject({ reachable: false, reasonCode: "out_of_reach" });
  });

  it("without a surface lists teams unranked; an unknown surface or category is 400", async () => {
    const { capA } = await t.signedInPair();
    const none = await capA.get("/api/challenges/candidates");
    expect(none.status).toBe(200);
    expect(none.body.surface).toBeNull();
    expect(none.body.items.every((x: { rank: number | null }) => x.rank === null)).toBe(true);
    expect((await capA.get("/api/challenges/candidates?surface=clay")).status).toBe(400);
    expect((await capA.get("/api/challenges/candidates?surface=grass&competitionType=Chess")).status).toBe(400);
    expect((await t.request.get("/api/challenges/candidates?surface=grass")).status).toBe(401);
  });
});

describe("GET /api/challenges/{id}/calendar.ics", () => {
  it("gives members of either team an iCalendar file of an accepted challenge", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const when = new Date(Date.now() + 3 * 86_400_000);
    when.setUTCHours(17, 30, 0, 0);
    const created = await send(capA, b, { proposedDateTime: when.toISOString(), notes: "Sam; 604-555-0100, evenings\nor email" });
    const pendingIcs = await capA.get(`/api/challenges/${created.body.id}/calendar.ics`);
    expect(pendingIcs.status).toBe(409);
    await capB.patch(`/api/challenges/${created.body.id}`).send({ status: "accepted" });

    const partnerB = await agentFor(b.partner.username);
    const res = await partnerB.get(`/api/challenges/${created.body.id}/calendar.ics`).buffer(true).parse((r, cb) => {
      let data = "";
      r.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      r.on("end", () => cb(null, data));
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="challenge-${created.body.id}.ics"`);
    const text = res.body as string;
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const unfolded = text.replace(/\r\n /g, "");
    const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    expect(unfolded).toContain(`DTSTART:${stamp(when)}\r\n`);
    expect(unfolded).toContain(`DTEND:${stamp(new Date(when.getTime() + 90 * 60_000))}\r\n`);
    expect(unfolded).toContain(`UID:challenge-${created.body.id}@localhost\r\n`);
    expect(unfolded).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(unfolded).toContain(`SUMMARY:Ladder challenge: ${a.team.name} vs ${b.team.name}\r\n`);
    expect(unfolded).toContain("LOCATION:UBC grass\r\n");
    expect(unfolded).toContain("\\nContact: Sam\\; 604-555-0100\\, evenings\\nor email");
    // The same event as in the members' calendar feeds (server/modules/calendar/calendar.test.ts), as a calendar app reads it.
    const [event] = parseIcs(text).events;
    expect(event).toMatchObject({ uid: `challenge-${created.body.id}@localhost`, sequence: 0, status: "CONFIRMED", location: "UBC grass" });
    expect(event!.description).toContain("Contact: Sam; 604-555-0100, evenings\nor email");

    const stranger = await createTeam(t.db);
    const capC = await agentFor(stranger.captain.username);
    expect((await capC.get(`/api/challenges/${created.body.id}/calendar.ics`)).status).toBe(404);
    expect((await capA.get(`/api/challenges/999999999/calendar.ics`)).status).toBe(404);
    expect((await t.request.get(`/api/challenges/${created.body.id}/calendar.ics`)).status).toBe(401);
  });

  it("escapes text and folds long lines without splitting characters", () => {
    expect(icsText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    const long = `SUMMARY:${"é".repeat(60)}`;
    const folded = foldLine(long);
    expect(folded.split("\r\n").every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
  });
});
