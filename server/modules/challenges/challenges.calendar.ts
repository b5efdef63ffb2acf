// The .ics file of an accepted challenge (GET /api/challenges/{id}/calendar.ics), for members of either team.
import { sql } from "drizzle-orm";
import { CHALLENGE_STATUS, type ChallengeStatus } from "@shared/constants";
import type { TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { AppError } from "../../lib/app-error";
import { CHALLENGE_NOT_FOUND } from "./challenges.service";

export const MATCH_DURATION_MINUTES = 90;

interface CalendarRow extends Record<string, unknown> {
  id: number;
  status: ChallengeStatus;
  location: string;
  notes: string | null;
  proposed_date_time: Date | string | null;
  challenger_name: string;
  challenged_name: string;
}

/** The .ics of an accepted challenge, for members of either team. */
export async function challengeCalendar(
  deps: TxDeps<"db" | "env">,
  input: { challengeId: number; actor: Pick<Actor, "teamId">; now?: Date },
): Promise<{ filename: string; body: string }> {
  const { db } = deps;
  const { challengeId } = input;
  const { teamId } = input.actor;
  if (!teamId) throw new AppError(404, CHALLENGE_NOT_FOUND);
  const res = await db.execute<CalendarRow>(sql`
    select c.id, c.status, c.location, c.notes, c.proposed_date_time,
           a.name as challenger_name, b.name as challenged_name
    from challenges c
    join teams a on a.id = c.challenger_team_id
    join teams b on b.id = c.challenged_team_id
    where c.id = ${challengeId} and (c.challenger_team_id = ${teamId} or c.challenged_team_id = ${teamId})`);
  const row = (res as unknown as { rows: CalendarRow[] }).rows[0];
  if (!row) throw new AppError(404, CHALLENGE_NOT_FOUND);
  if (row.status !== CHALLENGE_STATUS.accepted)
    throw new AppError(409, "Only accepted challenges can be added to a calendar.", { title: "Not Accepted Yet", code: "wrong_state" });
  if (!row.proposed_date_time)
    throw new AppError(409, "This challenge has no date and time to add to a calendar.", { code: "wrong_state" });
  const start = new Date(row.proposed_date_time);
  const end = new Date(start.getTime() + MATCH_DURATION_MINUTES * 60_000);
  const host = new URL(deps.env.APP_URL).hostname || "doubles-ladder";
  const summary = `Ladder challenge: ${row.challenger_name} vs ${row.challenged_name}`;
  const description = `Contact: ${row.notes ?? ""}\n\nYour challenges: ${deps.env.APP_URL}/challenges`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//doubles-ladder//Challenges//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:challenge-${row.id}@${host}`,
    `DTSTAMP:${icsDate(input.now ?? new Date())}`,
    `DTSTART:${icsDate(start)}`,
    `DTEND:${icsDate(end)}`,
    `SUMMARY:${icsText(summary)}`,
    `LOCATION:${icsText(row.location)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${deps.env.APP_URL}/challenges`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return { filename: `challenge-${row.id}.ics`, body: lines.map(foldLine).join("\r\n") + "\r\n" };
}

/** 20260614T173000Z */
export function icsDate(d: Date): string {
  return d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Lines longer than 75 octets are folded (CRLF + one space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  let limit = 75;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (currentBytes + size > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
      limit = 74; // continuation lines start with a space
    }
    current += ch;
    currentBytes += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}
