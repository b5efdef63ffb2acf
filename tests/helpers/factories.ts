// Rows a test needs, made directly in the database (each test makes its own; no shared seed).
import crypto from "node:crypto";
import { teams, users, type Team, type User } from "@shared/schema";
import type { CompetitionType } from "@shared/constants";
import type { Db } from "../../server/db/client";
import { hashPassword } from "../../server/auth/password";
import type supertest from "supertest";

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
  const [captain, partner] = await db
    .insert(users)
    .values([
      {
        username: `cap_${id}`,
        password,
        name: `Captain ${id}`,
        email: `cap_${id}@example.test`,
        teamId: team!.id,
        isCaptain: true,
        isApproved: approved,
        isEmailVerified: verified,
      },
      {
        username: `par_${id}`,
        password,
        name: `Partner ${id}`,
        email: `par_${id}@example.test`,
        teamId: team!.id,
        isPartner: true,
        isApproved: approved,
        isEmailVerified: verified,
      },
    ])
    .returning();
  return { team: team!, captain: captain!, partner: partner! };
}

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
