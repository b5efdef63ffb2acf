import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD } from "../config/env";
import { DEMO_PLAYER_PASSWORD } from "../db/seed";
import { PASSWORD } from "../../tests/helpers/factories";
import { NEW_PASSWORD, registration } from "../modules/accounts/accounts.fixtures";
import { commonPasswordCount, isCommonPassword, serverPassword } from "./password-policy";

describe("the common-password list", () => {
  it("ships tens of thousands of passwords and matches without letter case", () => {
    expect(commonPasswordCount()).toBeGreaterThan(40_000);
    for (const p of ["password1", "Password1", "PASSWORD1", "Qwerty123", "Letmein1"]) expect(isCommonPassword(p), p).toBe(true);
  });

  it("passes the demo, seed and fixture passwords", () => {
    for (const p of [DEMO_ADMIN_PASSWORD, DEMO_PLAYER_PASSWORD, PASSWORD, NEW_PASSWORD, registration().password]) {
      expect(serverPassword.safeParse(p).success, p).toBe(true);
    }
  });

  it("keeps the club's three rules before the list", () => {
    expect(serverPassword.safeParse("Ab1").error?.issues[0]?.message).toBe("Password must be at least 6 characters");
    expect(serverPassword.safeParse("password1").error?.issues.map((i) => i.message)).toContain("Password must contain at least one uppercase letter");
  });
});
