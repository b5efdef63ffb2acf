// Demo club: a dozen approved teams across the three categories, so the ladder is alive on first look.
import { teams, users } from "@shared/schema";
import type { CompetitionType } from "@shared/constants";
import type { Db } from "./client";
import { hashPassword } from "../auth/password";

export const DEMO_PLAYER_PASSWORD = "Player123";

interface DemoTeam {
  name: string;
  category: CompetitionType;
  captain: [username: string, name: string];
  partner: [username: string, name: string];
  bio: string;
}

export const DEMO_TEAMS: DemoTeam[] = [
  { name: "Thunderbirds", category: "Men's Doubles", captain: ["alex", "Alex Chen"], partner: ["ben", "Ben Okafor"], bio: "Early-morning regulars on the UBC grass." },
  { name: "Net Ninjas", category: "Men's Doubles", captain: ["carlos", "Carlos Ruiz"], partner: ["dev", "Dev Patel"], bio: "Quick hands at the net." },
  { name: "Baseline Bros", category: "Men's Doubles", captain: ["ethan", "Ethan Walsh"], partner: ["felix", "Felix Wong"], bio: "We live on the baseline." },
  { name: "Spin Doctors", category: "Men's Doubles", captain: ["gabe", "Gabe Martin"], partner: ["hiro", "Hiro Tanaka"], bio: "Topspin is a lifestyle." },
  { name: "Sand Storm", category: "Women's Doubles", captain: ["isla", "Isla Brown"], partner: ["jade", "Jade Singh"], bio: "Happiest on Jericho Beach." },
  { name: "Drop Shot Queens", category: "Women's Doubles", captain: ["kara", "Kara Nguyen"], partner: ["lena", "Lena Fischer"], bio: "Soft hands, sharp angles." },
  { name: "Court Jesters", category: "Women's Doubles", captain: ["maya", "Maya Lopez"], partner: ["nina", "Nina Kowalski"], bio: "Serious fun." },
  { name: "Rally Cats", category: "Women's Doubles", captain: ["olivia", "Olivia Park"], partner: ["priya", "Priya Rao"], bio: "Nine lives per rally." },
  { name: "Mixed Signals", category: "Mixed Doubles", captain: ["quinn", "Quinn Taylor"], partner: ["rosa", "Rosa Diaz"], bio: "We call every ball twice." },
  { name: "Love All", category: "Mixed Doubles", captain: ["sam", "Sam Lee"], partner: ["tara", "Tara Moore"], bio: "Zero is just a start." },
  { name: "Deuce Bigalow", category: "Mixed Doubles", captain: ["uma", "Uma Reddy"], partner: ["victor", "Victor Hugo"], bio: "Always one point away." },
  { name: "Volley Llamas", category: "Mixed Doubles", captain: ["wren", "Wren Adams"], partner: ["xavier", "Xavier Dubois"], bio: "Calm at the net." },
];

/** Loads the demo teams and their members. Returns the created team ids in DEMO_TEAMS order. */
export async function seedDemoTeams(db: Db): Promise<number[]> {
  const password = await hashPassword(DEMO_PLAYER_PASSWORD);
  const ids: number[] = [];
  const start = Date.now() - 120 * 24 * 60 * 60 * 1000;
  for (const [i, t] of DEMO_TEAMS.entries()) {
    const createdAt = new Date(start + i * 60 * 60 * 1000);
    await db.transaction(async (tx) => {
      const [team] = await tx
        .insert(teams)
        .values({ name: t.name, competitionType: t.category, isApproved: true, bio: t.bio, location: "Vancouver", createdAt })
        .returning({ id: teams.id });
      if (!team) throw new Error("team insert failed");
      ids.push(team.id);
      await tx.insert(users).values([
        {
          username: t.captain[0],
          password,
          name: t.captain[1],
          email: `${t.captain[0]}@students.example.edu`,
          teamId: team.id,
          isCaptain: true,
          isApproved: true,
          isEmailVerified: true,
          joinedAt: createdAt,
        },
        {
          username: t.partner[0],
          password,
          name: t.partner[1],
          email: `${t.partner[0]}@students.example.edu`,
          teamId: team.id,
          isPartner: true,
          isApproved: true,
          isEmailVerified: true,
          joinedAt: createdAt,
        },
      ]);
    });
  }
  return ids;
}

/** The whole demo club. The Ladder issue adds confirmed matches rated through the engine. */
export async function seedDemo(db: Db): Promise<{ teams: number }> {
  const ids = await seedDemoTeams(db);
  return { teams: ids.length };
}
