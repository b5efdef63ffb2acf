// "These rows, or all of them": the body of an action on a member's or an admin's list
// (mark notifications read, retry failed mails).
import { z } from "zod";

export function idsOrAllSchema(o: { max: number; noneChosen: string }) {
  return z.union([
    z.object({ ids: z.array(z.number().int().positive()).min(1, o.noneChosen).max(o.max) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ]);
}
