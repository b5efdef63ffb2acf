import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";

const base = { NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), DATABASE_URL: "postgres://u@localhost/db" } as const;

describe("CLUB_TIMEZONE", () => {
  it("defaults to America/Vancouver and takes any IANA zone", () => {
    expect(loadEnv({ ...base }).CLUB_TIMEZONE).toBe("America/Vancouver");
    expect(loadEnv({ ...base, CLUB_TIMEZONE: "" }).CLUB_TIMEZONE).toBe("America/Vancouver");
    expect(loadEnv({ ...base, CLUB_TIMEZONE: "Europe/London" }).CLUB_TIMEZONE).toBe("Europe/London");
  });

  it("stops the boot with a clear message when it is not a time zone", () => {
    expect(() => loadEnv({ ...base, CLUB_TIMEZONE: "Mars/Olympus" })).toThrow(EnvError);
    expect(() => loadEnv({ ...base, CLUB_TIMEZONE: "Mars/Olympus" })).toThrow(
      /CLUB_TIMEZONE: CLUB_TIMEZONE must be an IANA time zone name such as America\/Vancouver/,
    );
  });
});
