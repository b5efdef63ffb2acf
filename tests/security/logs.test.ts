// Suite 7 of issue 7: logs. A run through registration, verification, sign-in, reset, results
// (report, confirm, dispute) and admin actions, with the app's logger (level debug, so every request
// line is there too) writing into a buffer. Then: the structured events are there, and none of the
// passwords, emailed tokens or session cookies of the run appear anywhere in the captured logs.
import { describe, expect, it } from "vitest";
import supertest from "supertest";
import { eq } from "drizzle-orm";
import { disputes } from "@shared/schema";
import { useTestApp, type TestApp } from "../helpers/app";
import { createAdmin, createTeam, PASSWORD } from "../helpers/factories";
import { tokenFromLink } from "../helpers/smtp-sink";
import { registration } from "../../server/modules/accounts/accounts.fixtures";
import { emailedTokens, freshChallenge, sessionCookieOf, sessionIdOf, signInCookie, uniq } from "./helpers";

interface LogLine {
  level: number;
  event?: string;
  msg?: string;
  [key: string]: unknown;
}

const captured: string[] = [];
let t: TestApp;
useTestApp((app) => (t = app), { LOG_LEVEL: "debug" }, { logDestination: { write: (chunk: string) => void captured.push(chunk) } });

describe("logs", () => {
  it("hold structured events for sign-ins, admin actions, confirmations and disputes, and no password, token or cookie", async () => {
    const api = () => supertest(t.app);
    const secrets = new Set<string>([PASSWORD]);
    const cookies: string[] = [];
    const keep = (cookie: string) => {
      cookies.push(cookie);
      return cookie;
    };
    const mailTo = (address: string, subject: string) => t.mail.waitFor((m) => m.to.includes(address.toLowerCase()) && m.subject.includes(subject));

    // Registration, verification, the partner's invitation (with a read of it: a request line with a token path).
    const id = uniq();
    const reg = registration({ password: `Reg${id}A1` });
    secrets.add(reg.password);
    await api().post("/api/register-team").send(reg).expect(201);
    const verify = tokenFromLink(await mailTo(reg.email, "Verify your email"), "/verify-email/");
    const invite = tokenFromLink(await mailTo(reg.partnerEmail, "invited"), "/accept-invite/");
    await api().get(`/api/invite/${invite}`).expect(200);
    await api().post(`/api/verify-email/${verify}`).send({}).expect(200);
    const partnerPassword = `Par${id}B2`;
    secrets.add(partnerPassword);
    await api().post(`/api/accept-invite/${invite}`).send({ username: `lee_${id}`, password: partnerPassword }).expect(200);

    // Sign-in, a refused sign-in, sign-out.
    const wrongPassword = `Wrong${id}C3`;
    secrets.add(wrongPassword);
    await api().post("/api/login").send({ username: reg.username, password: wrongPassword }).expect(401);
    const captainCookie = keep(await signInCookie(t, reg.username, reg.password));
    await api().get("/api/user").set("Cookie", captainCookie).expect(200);
    await api().post("/api/logout").set("Cookie", captainCookie).send({}).expect(200);

    // Password reset: request, read the link, set a new password, sign in with it.
    await api().post("/api/reset-password").send({ username: reg.username, email: reg.email }).expect(200);
    const reset = tokenFromLink(await mailTo(reg.email, "Reset your"), "/reset-password/");
    await api().get(`/api/reset-password/${reset}`).expect(200);
    const newPassword = `New${id}D4`;
    secrets.add(newPassword);
    await api().post(`/api/reset-password/${reset}`).send({ newPassword }).expect(200);
    keep(await signInCookie(t, reg.username, newPassword));

    // The admin approves the new team.
    const admin = await createAdmin(t.db);
    const adminCookie = keep(await signInCookie(t, admin.username!));
    const [pending] = (await api().get("/api/admin/pending-users").set("Cookie", adminCookie).expect(200)).body.items as { id: number; username: string }[];
    expect(pending).toBeDefined();
    await api().post(`/api/admin/approve-user/${pending!.id}`).set("Cookie", adminCookie).send({}).expect(200);

    // Results: A reports four matches against B; one confirmed by its link, one disputed by its link
    // (the admin resolves it), one approved in the app, one disputed in the app.
    const A = await createTeam(t.db);
    const B = await createTeam(t.db);
    const aCookie = keep(await signInCookie(t, A.captain.username!));
    const bCookie = keep(await signInCookie(t, B.captain.username!));
    const report = async () => {
      const challenge = await freshChallenge(t, A, B, "accepted");
      const before = t.mail.mails.length;
      const res = await api()
        .post("/api/matches")
        .set("Cookie", aCookie)
        .send({ challengeId: challenge.id, team1Id: A.team.id, team2Id: B.team.id, winnerTeamId: A.team.id, score: "[[3,1],[3,2]]", notes: null })
        .expect(201);
      const mail = await t.mail.waitFor((m) => t.mail.mails.indexOf(m) >= before && m.to.includes(B.captain.email.toLowerCase()) && m.subject.includes("reported"));
      return { matchId: res.body.match.id as number, token: tokenFromLink(mail, "/confirm-match/") };
    };
    const first = await report();
    await api().get(`/api/matches/confirm/${first.token}`).expect(200);
    await api().post(`/api/matches/confirm/${first.token}`).send({}).expect(200);
    const second = await report();
    await api().get(`/api/matches/token/${second.token}`).expect(200);
    await api().post(`/api/matches/dispute/${second.token}`).send({ reason: "We won the second set 3-1." }).expect(200);
    const [dispute] = await t.db.select({ id: disputes.id }).from(disputes).where(eq(disputes.matchId, second.matchId));
    await api()
      .patch(`/api/disputes/${dispute!.id}`)
      .set("Cookie", adminCookie)
      .send({ status: "resolved", resolutionNotes: "Checked with both captains.", outcome: "void" })
      .expect(200);
    const third = await report();
    await api().post(`/api/matches/${third.matchId}/approve`).set("Cookie", bCookie).send({}).expect(200);
    const fourth = await report();
    await api().post(`/api/matches/${fourth.matchId}/dispute`).set("Cookie", bCookie).send({ reason: "The third set was 3-2 to us." }).expect(200);

    // Admin actions.
    const C = await createTeam(t.db);
    const D = await createTeam(t.db, { approved: false });
    const as = (req: supertest.Test) => req.set("Cookie", adminCookie);
    await as(api().post(`/api/admin/users/${B.partner.id}/suspend`)).send({ reason: "No-shows." }).expect(200);
    await as(api().post(`/api/admin/users/${B.partner.id}/unsuspend`)).send({}).expect(200);
    await as(api().delete(`/api/admin/users/${C.partner.id}`)).send({}).expect(200);
    await as(api().delete(`/api/admin/teams/${C.team.id}`)).send({ reason: "Left the club." }).expect(200);
    await as(api().post(`/api/admin/teams/${C.team.id}/restore`)).send({}).expect(200);
    await as(api().delete(`/api/admin/teams/${C.team.id}`)).send({ reason: "Left the club for good." }).expect(200);
    await as(api().delete(`/api/admin/teams/${C.team.id}/permanent`)).send({}).expect(200);
    await as(api().post(`/api/admin/reject-user/${D.captain.id}`)).send({ reason: "Not a club member." }).expect(200);
    await as(api().get("/api/admin/export-users")).expect(200);
    await as(api().get("/api/admin/export-full-backup")).expect(200);
    await as(api().post("/api/settings/header-image")).send({ url: "https://images.example.test/court.jpg" }).expect(200);
    await as(api().delete("/api/admin/purge-confirmed-matches")).send({}).expect(200);
    const out = await api().post("/api/logout").set("Cookie", adminCookie).send({});
    expect(sessionCookieOf(out) ?? "").not.toContain(sessionIdOf(adminCookie));

    // ---- what was logged ----
    await new Promise((resolve) => setTimeout(resolve, 50)); // background mails' log lines
    const text = captured.join("");
    const lines: LogLine[] = captured.flatMap((chunk) => chunk.split("\n").filter((l) => l.trim() !== "")).map((l) => JSON.parse(l) as LogLine);
    const events = (name: string) => lines.filter((l) => l.event === name);
    const kinds = new Set(lines.map((l) => l.event).filter(Boolean));

    // Sign-ins, with who signed in; the refusal without the name typed.
    const logins = events("auth.login");
    expect(logins.length).toBeGreaterThanOrEqual(5);
    expect(logins.map((l) => l.userId)).toContain(admin.id);
    expect(events("auth.login_refused").length).toBeGreaterThanOrEqual(1);
    expect(events("auth.logout").length).toBeGreaterThanOrEqual(2);
    expect(events("auth.reset").length).toBe(1);

    // Every admin action, with the acting admin.
    const adminEvents = [
      "admin.suspend",
      "admin.unsuspend",
      "admin.user_delete",
      "admin.team_delete",
      "admin.team_restore",
      "admin.team_purge",
      "admin.export_users",
      "admin.export_backup",
      "admin.header_image",
      "admin.purge_matches",
      "auth.approve",
      "auth.reject",
    ];
    for (const name of adminEvents) {
      const found = events(name);
      expect(found.length, `${name} logged`).toBeGreaterThanOrEqual(1);
      expect(found[0]!.adminId, `${name} names the admin`).toBe(admin.id);
    }

    // Confirmations (by link and in the app), disputes (by link and in the app), the resolution.
    const confirmed = events("match.confirmed");
    expect(confirmed.map((l) => l.matchId).sort()).toEqual([first.matchId, third.matchId].sort());
    expect(new Set(confirmed.map((l) => l.via))).toEqual(new Set(["token", "approve"]));
    const disputed = events("match.disputed");
    expect(disputed.map((l) => l.matchId).sort()).toEqual([second.matchId, fourth.matchId].sort());
    expect(events("dispute.resolved")).toEqual([expect.objectContaining({ disputeId: dispute!.id, outcome: "void", resolvedBy: admin.id })]);
    expect(events("match.reported").length).toBe(4);

    // Request lines (debug), with the token paths redacted.
    const http = events("http");
    expect(http.length).toBeGreaterThan(40);
    for (const path of ["/api/invite/[redacted]", "/api/verify-email/[redacted]", "/api/reset-password/[redacted]", "/api/matches/confirm/[redacted]", "/api/matches/token/[redacted]", "/api/matches/dispute/[redacted]"])
      expect(http.some((l) => l.path === path), `a request line for ${path}`).toBe(true);

    // No secret anywhere: passwords, every emailed token, every session cookie (as sent and its id).
    const tokens = emailedTokens(t.mail.mails);
    expect(tokens.length).toBeGreaterThanOrEqual(7);
    for (const token of tokens) secrets.add(token);
    for (const cookie of cookies) {
      secrets.add(cookie.replace(/^dl\.sid=/, ""));
      secrets.add(decodeURIComponent(cookie.replace(/^dl\.sid=/, "")));
      secrets.add(sessionIdOf(cookie));
    }
    const leaked = [...secrets].filter((s) => text.includes(s));
    expect(leaked, "secrets found in the logs").toEqual([]);

    console.log(
      `logs: ${lines.length} lines, ${lines.length - http.length} events of ${kinds.size} kinds (${adminEvents.length} admin actions, ` +
        `${logins.length} sign-ins, ${confirmed.length} confirmations, ${disputed.length} disputes); ${secrets.size} secrets used, 0 found in the logs`,
    );
  });
});
