// Rows a test needs, made directly in the database (each test makes its own; no shared seed).
import crypto from "node:crypto";
import { teams, users, type Team, type User } from "@shared/schema";
import type { CompetitionType } from "@shared/constants";
import type { Db } from "../../server/db/client";
import { hashPassword } from "../../server/auth/password";
import type supertest from "supertest";
import { refreshRanksAfterDirectWrite } from "./stored-ranks";

export const PASSWORD = "Courtside7";
let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(PASSWORD));
const uniq = () => crypto.randomBytes(4).toString("hex");

export interface TeamFixture {
  team: Team;
  captain: User;
  partner: User;
}

export interface TeamOptions {
  name?: string;
  competitionType?: CompetitionType;
  approved?: boolean;
  verified?: boolean;
  team?: Partial<typeof teams.$inferInsert>;
}

/** A team with a captain and a partner who can both sign in with PASSWORD. */
export async function createTeam(db: Db, options: TeamOptions = {}): Promise<TeamFixture> {
  const id = uniq();
  const approved = options.approved ?? true;
  const verified = options.verified ?? true;
  const [team] = await db
    .insert(teams)
    .values({
      name: options.name ?? `Team ${id}`,
      competitionType: options.competitionType ?? "Men's Doubles",
      isApproved: approved,
      ...options.team,
    })
    .returning();
  const password = await passwordHash();
  const member = (prefix: string, title: string, role: { isCaptain: true } | { isPartner: true }) => ({
    username: `${prefix}_${id}`,
    password,
    name: `${title} ${id}`,
    email: `${prefix}_${id}@example.test`,
    teamId: team!.id,
    ...role,
    isApproved: approved,
    isEmailVerified: verified,
  });
  const [captain, partner] = await db
    .insert(users)
    .values([member("cap", "Captain", { isCaptain: true }), member("par", "Partner", { isPartner: true })])
    .returning();
  await ranksChanged(db);
  return { team: team!, captain: captain!, partner: partner! };
}

/**
 * After a test wrote an input of the ladder order directly (teams, away ranges, club breaks, the club
 * rules): the stored ranks are refreshed as the app's own writers do in their transactions (decision 038).
 */
export const ranksChanged = (db: Db): Promise<void> => refreshRanksAfterDirectWrite(db);

export async function createAdmin(db: Db): Promise<User> {
  const id = uniq();
  const [admin] = await db
    .insert(users)
    .values({
      username: `admin_${id}`,
      password: await passwordHash(),
      name: `Admin ${id}`,
      email: `admin_${id}@example.test`,
      isAdmin: true,
      isApproved: true,
      isEmailVerified: true,
    })
    .returning();
  return admin!;
}

/** Signs the agent in; throws with the server's answer if it fails. */
export async function signIn(agent: supertest.Agent, username: string | null, password = PASSWORD): Promise<void> {
  const res = await agent.post("/api/login").send({ username, password });
  if (res.status !== 200) throw new Error(`sign-in as ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The body of POST /api/challenges from any team to `target`, proposed for tomorrow. */
export const challengeBody = (target: TeamFixture) => ({
  challengedTeamId: target.team.id,
  location: "UBC grass",
  competitionType: target.team.competitionType,
  notes: "Call me at 604-555-0100",
  proposedDateTime: new Date(Date.now() + 86_400_000).toISOString(),
});
