// The .ics file of an accepted challenge (GET /api/challenges/{id}/calendar.ics), for members of
// either team: the same event, UID and SEQUENCE as in the member's calendar feed (one builder,
// server/modules/calendar).
import { sql } from "drizzle-orm";
import { CHALLENGE_STATUS, type ChallengeStatus } from "@shared/constants";
import type { TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { AppError } from "../../lib/app-error";
import { buildCalendar } from "../calendar";
import { CHALLENGE_NOT_FOUND } from "./challenges.service";
import { rowsOf } from "../../db/client";

interface CalendarRow extends Record<string, unknown> {
  id: number;
  status: ChallengeStatus;
  location: string;
  notes: string | null;
  response_note: string | null;
  proposed_date_time: Date | string | null;
  schedule_version: number;
  updated_at: Date | string;
  challenger_name: string;
  challenged_name: string;
}

/** The .ics of an accepted challenge, for members of either team. */
export async function challengeCalendar(
  deps: TxDeps<"db" | "env">,
  input: { challengeId: number; actor: Pick<Actor, "teamId"> },
): Promise<{ filename: string; body: string }> {
  const { db } = deps;
  const { challengeId } = input;
  const { teamId } = input.actor;
  if (!teamId) throw new AppError(404, CHALLENGE_NOT_FOUND);
  const res = await db.execute<CalendarRow>(sql`
    select c.id, c.status, c.location, c.notes, c.response_note, c.proposed_date_time, c.schedule_version, c.updated_at,
           a.name as challenger_name, b.name as challenged_name
    from challenges c
    join teams a on a.id = c.challenger_team_id
    join teams b on b.id = c.challenged_team_id
    where c.id = ${challengeId} and (c.challenger_team_id = ${teamId} or c.challenged_team_id = ${teamId})`);
  const row = rowsOf<CalendarRow>(res)[0];
  if (!row) throw new AppError(404, CHALLENGE_NOT_FOUND);
  if (row.status !== CHALLENGE_STATUS.accepted)
    throw new AppError(409, "Only accepted challenges can be added to a calendar.", { title: "Not Accepted Yet", code: "wrong_state" });
  if (!row.proposed_date_time)
    throw new AppError(409, "This challenge has no date and time to add to a calendar.", { code: "wrong_state" });
  const body = buildCalendar(
    [
      {
        challengeId: row.id,
        status: row.status,
        startsAt: new Date(row.proposed_date_time),
        location: row.location,
        notes: row.notes,
        responseNote: row.response_note,
        challengerName: row.challenger_name,
        challengedName: row.challenged_name,
        scheduleVersion: Number(row.schedule_version),
        updatedAt: new Date(row.updated_at),
      },
    ],
    { appUrl: deps.env.APP_URL },
  );
  return { filename: `challenge-${row.id}.ics`, body };
}
