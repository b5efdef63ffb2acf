// Ending sessions of one user but the current one (turning a second factor on: the other devices
// never passed it). Ending all of a user's sessions is endSessionsOfUsers in server/auth/session.ts.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

export async function endOtherSessions(db: DbOrTx, userId: number, keepSid: string): Promise<void> {
  await db.execute(sql`delete from "session" where (sess -> 'passport' ->> 'user') = ${String(userId)} and sid <> ${keepSid}`);
}
