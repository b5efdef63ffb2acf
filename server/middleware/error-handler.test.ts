import { describe, expect, it } from "vitest";
import { safeErrorForLog } from "./error-handler";

describe("logging an unknown error", () => {
  it("keeps the message but never a failed query's parameters", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: "23505" });
    const err = new Error('Failed query: update "users" set "password" = $1 where "users"."id" = $2\nparams: $argon2id$v=19$secret,7', { cause });
    const logged = safeErrorForLog(err);
    expect(logged.message).toContain("Failed query: update");
    expect(JSON.stringify(logged)).not.toContain("argon2id");
    expect(logged.code).toBe("23505");
    expect(logged.cause).toContain("duplicate key");
  });
});
