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

describe("PUSH_SERVICE_ORIGINS", () => {
  it("is none by default, and a list of exact http(s) origins when set", () => {
    expect(loadEnv({ ...base }).PUSH_SERVICE_ORIGINS).toEqual([]);
    expect(loadEnv({ ...base, PUSH_SERVICE_ORIGINS: " http://127.0.0.1:8090 , https://push.club.example " }).PUSH_SERVICE_ORIGINS).toEqual([
      "http://127.0.0.1:8090",
      "https://push.club.example",
    ]);
  });

  it("stops the boot on anything but origins (a path, a trailing slash, credentials, another scheme)", () => {
    for (const bad of ["http://127.0.0.1:8090/notify", "https://push.club.example/", "http://u:p@127.0.0.1:8090", "ftp://push.club.example", "push.club.example"]) {
      expect(() => loadEnv({ ...base, PUSH_SERVICE_ORIGINS: bad }), bad).toThrow(/PUSH_SERVICE_ORIGINS must be http\(s\) origins/);
    }
  });
});
