// Teams made through the API for journeys that need their own data: register (the verification
// link from the mail followed), approve as the admin, challenge, accept, report, dispute.
import crypto from "node:crypto";
import type { APIRequestContext, Browser } from "playwright-core";
import { expect } from "vitest";
import { SURFACE_LOCATIONS, type CompetitionType, type Surface } from "@shared/constants";
import type { MatchView } from "@shared/types/matches";
import { DEMO, mail, tokenFromLink, url } from "./app";
import { signInViaApi } from "./browser";

export interface Registration {
  username: string;
  password: string;
  name: string;
  email: string;
  competitionType: CompetitionType;
  teamName: string;
  partnerName: string;
  partnerEmail: string;
}

/** `text` repeated (joined by `joiner`) and cut to exactly `length` characters. */
export function fill(text: string, length: number, joiner = " "): string {
  let out = text;
  while (out.length < length) out += joiner + text;
  return out.slice(0, length).trimEnd().padEnd(length, "x");
}

/** One unbroken word of exactly `length` characters ("Backhandvolleyer…"). */
export const unbroken = (length: number, seed = "Backhandvolleyer") => fill(seed, length, "");

/**
 * The longest email that can get mail (253 characters: SMTP's path limit, RFC 5321 4.5.3.1.3; the
 * form takes 254), with a 64-character local part and labels of at most 63, unique per `id`.
 */
export function longestEmail(id: string): string {
  const local = fill(`${id}.longaddress`, 64, "").replace(/\.+$/, "x");
  const domainLength = 253 - local.length - 1;
  const tail = ".test";
  const labels = ["a".repeat(63), "b".repeat(63)];
  const last = "c".repeat(domainLength - labels.join(".").length - 1 - tail.length);
  const email = `${local}@${labels.join(".")}.${last}${tail}`;
  if (email.length !== 253) throw new Error(`longestEmail: ${email.length} characters`);
  return email;
}

/**
 * A test file's people, one a tag, unique to this run: e.g. people({ prefix: "ev", theme: "Everyday",
 * first: "Robin", partner: "Sasha", password: "Everyday123" })("p") is Robin P Everyday of team
 * Everyday P <run id>, with partner Sasha P.
 */
export function people(file: { prefix: string; theme: string; first: string; partner: string; password: string }): (tag: string) => Registration {
  const id = crypto.randomBytes(3).toString("hex");
  return (tag) => ({
    username: `${file.prefix}_${tag}_${id}`,
    password: file.password,
    name: `${file.first} ${tag.toUpperCase()} ${file.theme}`,
    email: `${file.prefix}_${tag}_${id}@example.test`,
    competitionType: "Mixed Doubles",
    teamName: `${file.theme} ${tag.toUpperCase()} ${id}`,
    partnerName: `${file.partner} ${tag.toUpperCase()}`,
    partnerEmail: `${file.prefix}_${tag}_partner_${id}@example.test`,
  });
}

/** A registration with every field at its longest (names 100, team name 100, emails 253, username 50). */
export function longestRegistration(opts: { teamName: string; captainName: string; partnerName: string }): Registration {
  const id = crypto.randomBytes(3).toString("hex");
  return {
    username: fill(`long_${id}_`, 50, ""),
    password: "Longest123",
    name: opts.captainName,
    email: longestEmail(`cap${id}`),
    competitionType: "Mixed Doubles",
    teamName: opts.teamName,
    partnerName: opts.partnerName,
    partnerEmail: longestEmail(`par${id}`),
  };
}

/** A JSON POST from outside the browser (no session), as the app's own origin. */
export async function postJson(path: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(url(path), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(url("/")).origin },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

/** Registers the team and follows the verification link of the mail the captain gets. */
export async function registerAndVerify(person: Registration): Promise<void> {
  const res = await postJson("/api/register-team", { ...person, verifyEmail: true });
  expect(res.status, res.text).toBeLessThan(300);
  const verification = await mail.waitFor((m) => m.to.includes(person.email.toLowerCase()) && m.links.some((l) => l.includes("/verify-email/")));
  const verified = await postJson(`/api/verify-email/${tokenFromLink(verification, "/verify-email/")}`, {});
  expect(verified.status, verified.text).toBeLessThan(300);
}

/** The API as one signed-in user (a context of its own in `browser`). */
export async function apiAs(browser: Browser, username: string, password: string): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: url("/") });
  await signInViaApi(context, username, password);
  return context.request;
}

export const adminApi = (browser: Browser) => apiAs(browser, DEMO.admin.username, DEMO.admin.password);

/** The admin approves the captain of each address (which approves the team and its partner). */
export async function approve(admin: APIRequestContext, emails: string[]): Promise<void> {
  const res = await admin.get(url("/api/admin/pending-users?limit=100"));
  expect(res.ok()).toBe(true);
  const pending = ((await res.json()) as { items: { id: number; email: string }[] }).items;
  for (const email of emails) {
    const user = pending.find((u) => u.email === email.toLowerCase() || u.email === email);
    expect(user, `pending registration of ${email}`).toBeDefined();
    const approved = await admin.post(url(`/api/admin/approve-user/${user!.id}`), { data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
  }
}

export async function teamIdOf(request: APIRequestContext): Promise<number> {
  const me = await request.get(url("/api/user"));
  const { teamId } = (await me.json()) as { teamId: number | null };
  if (teamId === null) throw new Error("no team");
  return teamId;
}

export interface Side {
  request: APIRequestContext;
  teamId: number;
}

/** A registered, approved person's side of a match: the API as them and their team's id. */
export async function sideOf(browser: Browser, person: Pick<Registration, "username" | "password">): Promise<Side> {
  const request = await apiAs(browser, person.username, person.password);
  return { request, teamId: await teamIdOf(request) };
}

/**
 * A file's club: everyone registers and verifies, the admin approves `approved`; returns the admin's
 * API and a way to act as an approved person (their side).
 */
export async function joinClub(browser: Browser, everyone: Registration[], approved: Registration[]) {
  for (const person of everyone) await registerAndVerify(person);
  const admin = await adminApi(browser);
  await approve(admin, approved.map((person) => person.email));
  return { admin, side: (person: Registration) => sideOf(browser, person) };
}

/** `from` challenges `to` on `surface` (in two days, 6 PM); returns the challenge id. */
export async function challenge(from: Side, to: Side, surface: Surface, notes: string): Promise<number> {
  const when = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  when.setHours(18, 0, 0, 0);
  const res = await from.request.post(url("/api/challenges"), {
    data: {
      challengedTeamId: to.teamId,
      location: SURFACE_LOCATIONS[surface],
      competitionType: "Mixed Doubles",
      notes,
      proposedDateTime: when.toISOString(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

export async function accept(side: Side, challengeId: number): Promise<void> {
  const res = await side.request.patch(url(`/api/challenges/${challengeId}`), { data: { status: "accepted" } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The challenger reports a win for itself (team 1 = challenger) with the given notes. */
export async function report(challenger: Side, challenged: Side, challengeId: number, surface: Surface, notes: string): Promise<MatchView> {
  const res = await challenger.request.post(url("/api/matches"), {
    data: {
      challengeId,
      team1Id: challenger.teamId,
      team2Id: challenged.teamId,
      winnerTeamId: challenger.teamId,
      score: "[[3,1],[1,3],[3,2]]",
      location: SURFACE_LOCATIONS[surface],
      notes,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { match: MatchView }).match;
}

/** `winner` challenges `loser` on `surface`, the challenge is accepted, `winner` reports its win and `loser` approves it: a result that counts. */
export async function playApproved(winner: Side, loser: Side, surface: Surface, notes: { challenge: string; report: string }): Promise<MatchView> {
  const played = await challenge(winner, loser, surface, notes.challenge);
  await accept(loser, played);
  const match = await report(winner, loser, played, surface, notes.report);
  const approved = await loser.request.post(url(`/api/matches/${match.id}/approve`), { data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  return match;
}
