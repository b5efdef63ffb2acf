// Statuses are named in one place: shared/constants.ts (CHALLENGE_STATUS, MATCH_STATUS,
// CONFIRMATION_STATUS, MATCH_TYPE, DISPUTE_STATUS, DISPUTE_OUTCOME). This reads every source file of
// the app and fails on a status written as a quoted string anywhere else, in code or in raw SQL
// (raw SQL writes them with sqlLiterals from shared/schema). Tests are not scanned: they check the
// wire format, which is the literal.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  CHALLENGE_STATUSES,
  CONFIRMATION_STATUSES,
  DISPUTE_OUTCOMES,
  DISPUTE_STATUSES,
  MATCH_STATUSES,
  MATCH_TYPES,
} from "@shared/constants";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SCANNED = ["server", "shared", "client/src", "bench"];
const STATUSES = [
  ...new Set([...CHALLENGE_STATUSES, ...MATCH_STATUSES, ...CONFIRMATION_STATUSES, ...MATCH_TYPES, ...DISPUTE_STATUSES, ...DISPUTE_OUTCOMES]),
];
const QUOTED = new RegExp(`["'\`](${STATUSES.join("|")})["'\`]`, "g");

/**
 * Quoted status words that are not statuses, or files still to be converted, each with why.
 * A line matches an entry when it contains `contains`.
 */
const EXEMPT: { file: string; contains: string; why: string }[] = [
  { file: "shared/constants.ts", contains: "", why: "the one place the statuses are written" },
  { file: "shared/validators/matches.ts", contains: "Status must be 'resolved'.", why: "a message to the user" },
  { file: "client/src/features/admin/api/resolve-dispute.ts", contains: "// PATCH", why: "a comment quoting the request body" },
  { file: "client/src/features/admin/api/get-pending-disputes.ts", contains: "queryKey", why: "a query-cache key, not a status" },
  { file: "server/modules/matches/confirm.service.ts", contains: "//", why: "a comment quoting the SQL" },
  // Owned by changes in progress elsewhere at the time of writing; convert them with those changes.
  { file: "server/modules/admin/admin.data.service.ts", contains: "", why: "to convert: raw SQL of the admin stats and purge" },
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "results") out.push(...sourceFiles(rel));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(rel);
    }
  }
  return out;
}

describe("status literals", () => {
  it("are written only in shared/constants.ts", () => {
    const found: string[] = [];
    for (const file of SCANNED.flatMap(sourceFiles)) {
      const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
      lines.forEach((line, i) => {
        if (!QUOTED.test(line)) return;
        QUOTED.lastIndex = 0;
        if (EXEMPT.some((e) => e.file === file && line.includes(e.contains))) return;
        found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
      QUOTED.lastIndex = 0;
    }
    expect(found, `write these with the constants of shared/constants.ts:\n${found.join("\n")}`).toEqual([]);
  });

  it("are caught in code and in raw SQL", () => {
    const probe = (line: string) => {
      QUOTED.lastIndex = 0;
      return QUOTED.test(line);
    };
    expect(probe(`if (status === "match_reported") return;`)).toBe(true);
    expect(probe("where m.match_status = 'approved' and m.team1_id = ${id}")).toBe(true);
    expect(probe("status: CHALLENGE_STATUS.matchReported,")).toBe(false);
    expect(probe(`const label = "Awaiting confirmation";`)).toBe(false);
  });
});
