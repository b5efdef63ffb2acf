// One service signature (CONTRIBUTING.md, "Services"; decision 018): every exported function of a
// module's *.service.ts is `verbNoun(deps, input)`: `deps` the part of AppDeps it uses
// (`Deps<…>`, `TxDeps<…>` or `OutsideTxDeps<…>` from server/deps.ts), then at most one input object. This reads the
// services as text and fails on any other first parameter or on a third one. Helpers that work
// inside a caller's transaction, and pure functions, are listed below with why.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "./source-files";

const NOT_SERVICES: Record<string, string> = {
  "admin.data.service.ts:resetSequences": "a step inside the caller's transaction",
  "admin.data.service.ts:deleteInBatches": "a step inside the caller's transaction",
  "admin.data.service.ts:batchFor": "pure: the batch size for a database",
  "admin.data.service.ts:neutraliseCell": "pure: one CSV cell",
  "admin.data.service.ts:csvCell": "pure: one CSV cell",
  "admin.teams.service.ts:escapeLike": "pure: LIKE escaping",
  "login.service.ts:refuseBlockedUser": "pure: the refusal of a loaded user",
  "login.service.ts:accountRefusal": "pure: the refusal text of a loaded user",
  "confirm.service.ts:alreadySettled": "pure: an AppError",
  "confirm.service.ts:matchNotFound": "pure: an AppError",
  "confirm.service.ts:lockTeams": "a step inside the caller's transaction",
  "confirm.service.ts:applyApprovedResult": "a step inside the caller's transaction",
  "confirm.service.ts:completeChallenge": "a step inside the caller's transaction",
  "confirm.service.ts:confirmMatch": "the shared step of approve, token and sweep: runs on the caller's transaction",
  "confirm.service.ts:matchIdForToken": "a read inside the caller's transaction",
  "matches.service.ts:tokenRefusal": "builds the refusal inside the caller's transaction",
  "scheduled-backups.ts:periodOf": "pure: the period a time falls in",
  "scheduled-backups.ts:pruneBackups": "files only: the folder's oldest backups",
  "scheduled-backups.ts:listBackupFiles": "files only: the folder's backups",
  "scheduled-backups.ts:backupFilePath": "files only: one listed backup's path",
  "notifications.service.ts:teamRecipients": "a read inside the caller's transaction",
  "notifications.service.ts:adminRecipients": "a read inside the caller's transaction",
  "notifications.service.ts:userRecipients": "a read inside the caller's transaction",
  "notifications.service.ts:without": "pure: the difference of two recipient lists",
  "notifications.service.ts:tell": "a step inside the caller's transaction (the outbox: notifications and mail with the change)",
};

/** Services of a module that are not named *.service.ts (the data operations and scheduled backups). */
const ALSO_SERVICES = ["server/modules/admin/data-operations.ts", "server/modules/admin/scheduled-backups.ts"];

/** The parameter list of each exported function, split at top-level commas. */
function exportedFunctions(text: string): { name: string; params: string[] }[] {
  const out: { name: string; params: string[] }[] = [];
  for (const m of text.matchAll(/export (?:async )?function (\w+)\s*\(/g)) {
    let depth = 1;
    let i = m.index! + m[0].length;
    let current = "";
    const params: string[] = [];
    for (; i < text.length && depth > 0; i++) {
      const c = text[i]!;
      if ("({[<".includes(c)) depth++;
      if (")}]>".includes(c) && !(c === ">" && text[i - 1] === "=")) depth--;
      if (depth === 0) break;
      if (c === "," && depth === 1) {
        params.push(current.trim());
        current = "";
      } else current += c;
    }
    if (current.trim()) params.push(current.trim());
    out.push({ name: m[1]!, params });
  }
  return out;
}

describe("services", () => {
  const services = sourceFiles("server/modules").filter((file) => file.endsWith(".service.ts") || ALSO_SERVICES.includes(file));

  it("include the services not named *.service.ts", () => {
    for (const file of ALSO_SERVICES) expect(services, file).toContain(file);
  });

  it("are verbNoun(deps, input)", () => {
    const wrong: string[] = [];
    for (const file of services) {
      for (const fn of exportedFunctions(readFileSync(path.join(ROOT, file), "utf8"))) {
        if (`${path.basename(file)}:${fn.name}` in NOT_SERVICES) continue;
        const [deps, ...rest] = fn.params;
        if (!deps || !/^deps: (Deps|TxDeps|OutsideTxDeps)</.test(deps) || rest.length > 1) wrong.push(`${file}: ${fn.name}(${fn.params.join(", ")})`);
      }
    }
    expect(wrong, `write these as verbNoun(deps: Deps<…>, input):\n${wrong.join("\n")}`).toEqual([]);
  });

  it("reads parameter lists", () => {
    const fns = exportedFunctions(
      "export async function a(deps: Deps<\"db\">, input: { x: Pick<A, \"b\" | \"c\">; f: (y: number) => void }): Promise<void> {}\n" +
        "export function b(db: DbOrTx, id: number) {}",
    );
    expect(fns.map((f) => [f.name, f.params.length])).toEqual([
      ["a", 2],
      ["b", 2],
    ]);
    expect(fns[1]!.params[0]).toBe("db: DbOrTx");
  });
});
