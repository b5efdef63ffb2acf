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

describe("LADDER_REFRESH_DELAY_MS", () => {
  it("defaults to 1000 ms on the embedded database and 250 ms on PostgreSQL; a set value wins, 0 included", () => {
    const embedded = { ...base, DATABASE_URL: "" };
    const server = { ...base, DATABASE_URL: "postgres://u@127.0.0.1:5432/db", SESSION_SECRET: "s".repeat(40) };
    expect(loadEnv(embedded).LADDER_REFRESH_DELAY_MS).toBe(1000);
    expect(loadEnv(server).LADDER_REFRESH_DELAY_MS).toBe(250);
    expect(loadEnv({ ...embedded, LADDER_REFRESH_DELAY_MS: "0" }).LADDER_REFRESH_DELAY_MS).toBe(0);
    expect(loadEnv({ ...server, LADDER_REFRESH_DELAY_MS: "2000" }).LADDER_REFRESH_DELAY_MS).toBe(2000);
    expect(() => loadEnv({ ...server, LADDER_REFRESH_DELAY_MS: "-1" })).toThrow(EnvError);
  });
});
