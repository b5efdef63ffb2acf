import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { DataChanges, mayWrite, StatementTracker } from "../db/changes";
import { cachedRead, ReadCache } from "./read-cache";
import { FixedClock } from "./clock";

describe("mayWrite", () => {
  it("takes reads and transaction starts as reads, everything else as a possible write", () => {
    for (const read of ["select 1", "  SELECT * from teams", "with x as (select 1) select * from x", "begin", "BEGIN ISOLATION LEVEL SERIALIZABLE", "set local statement_timeout = 1", "LISTEN dl_data_changed", "select * from teams where updated_at > now()"])
      expect(mayWrite(read), read).toBe(false);
    for (const write of ["insert into teams values (1)", "update teams set name = 'x'", "delete from session", "commit", "ROLLBACK", "truncate teams", "with x as (update teams set name = 'a' returning id) select * from x", "create index i on t (x)", "", "   "])
      expect(mayWrite(write), write).toBe(true);
    // Rate-limit counters are not data any cached read shows.
    expect(mayWrite("\n    insert into rate_limits as r (key, count, reset_at) select 1")).toBe(false);
    expect(mayWrite("delete from rate_limits where reset_at < now()")).toBe(false);
    expect(mayWrite("delete from rate_limits_other where true")).toBe(true);
  });
});

describe("StatementTracker", () => {
  /** The statements of one connection in order, and which completions move the version. */
  const moves = (...texts: string[]) => {
    const tracker = new StatementTracker();
    return texts.filter((text) => tracker.movesOnCompletion(text));
  };

  it("moves on each write outside a transaction, and on a transaction's COMMIT only when it wrote", () => {
    expect(moves("select 1", "insert into teams values (1)", "update teams set name = 'x'")).toEqual(["insert into teams values (1)", "update teams set name = 'x'"]);
    expect(moves("begin", "update teams set name = 'x'", "insert into matches values (1)", "commit")).toEqual(["commit"]);
    expect(moves("BEGIN ISOLATION LEVEL SERIALIZABLE", "select * from teams for update", "COMMIT")).toEqual([]);
    expect(moves("start transaction", "with x as (delete from teams returning id) select * from x", "end")).toEqual(["end"]);
  });

  it("moves nothing for a rolled-back transaction, nor for one that wrote only what no cached read shows", () => {
    expect(moves("begin", "update teams set name = 'x'", "rollback", "select 1")).toEqual([]);
    expect(moves("begin", "insert into mail_outbox (id) values (1)", "update push_deliveries set tries = 1", "commit")).toEqual([]);
  });

  it("keeps a transaction going through savepoints, a partial rollback and a stray BEGIN", () => {
    expect(moves("begin", "savepoint sp1", "update teams set name = 'x'", "rollback to savepoint sp1", "release savepoint sp1", "commit")).toEqual(["commit"]);
    expect(moves("begin", "insert into teams values (1)", "begin", "commit", "select 1")).toEqual(["commit"]);
    expect(moves("begin", "insert into teams values (1)", "ROLLBACK TRANSACTION TO x", "commit")).toEqual(["commit"]);
  });

  it("errs towards a move: a COMMIT of a transaction it did not see start moves it", () => {
    expect(moves("commit")).toEqual(["commit"]);
    expect(moves("begin", "commit", "commit")).toEqual(["commit"]);
  });
});

describe("ReadCache", () => {
  const setup = (options: { enabled?: boolean; maxEntries?: number } = {}) => {
    const changes = new DataChanges();
    const cache = new ReadCache(changes, { enabled: options.enabled ?? true, ...(options.maxEntries ? { maxEntries: options.maxEntries } : {}) });
    return { changes, cache };
  };

  it("loads once, then answers from memory until the data changes", async () => {
    const { changes, cache } = setup();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    changes.bump();
    expect(cache.size).toBe(0);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("starts afresh when the club day changes (away and inactivity follow the calendar), not within a day", async () => {
    const changes = new DataChanges();
    // 23:58 in Vancouver on 25 Nov.
    const clock = new FixedClock(new Date("2026-11-26T07:58:00Z"));
    const cache = new ReadCache(changes, { enabled: true, day: { clock, timeZone: "America/Vancouver" } });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    clock.set(new Date("2026-11-26T07:59:30Z")); // same day, within the minute
    expect(await cache.get("k", load)).toBe(1);
    clock.set(new Date("2026-11-26T08:00:30Z")); // past the club's midnight: 26 Nov
    expect(await cache.get("k", load)).toBe(2);
    clock.set(new Date("2026-11-26T20:00:00Z")); // later that day
    expect(await cache.get("k", load)).toBe(2);
  });

  it("does not keep a value read while the data changed (it may be stale)", async () => {
    const { changes, cache } = setup();
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const first = cache.get("k", async () => {
      await slow;
      return "old";
    });
    changes.bump(); // a write commits while the read runs
    release();
    expect(await first).toBe("old");
    expect(cache.peek("k")).toBeUndefined();
    const v = cache.version;
    changes.bump();
    cache.put("k", "older", v);
    expect(cache.peek("k")).toBeUndefined();
  });

  it("shares one load between concurrent misses of a key, but not across a change", async () => {
    const { changes, cache } = setup();
    let loads = 0;
    const load = async () => {
      const n = ++loads;
      await new Promise((r) => setTimeout(r, 5));
      return n;
    };
    const [a, b, c] = await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    expect([a, b, c, loads]).toEqual([1, 1, 1, 1]);
    changes.bump();
    const d = cache.get("k", load);
    changes.bump();
    const e = cache.get("k", load);
    expect([await d, await e, loads]).toEqual([2, 3, 3]);
  });

  it("is bypassed while switched off or while changes could be missed", async () => {
    const off = setup({ enabled: false });
    let n = 0;
    await off.cache.get("k", async () => ++n);
    await off.cache.get("k", async () => ++n);
    expect(n).toBe(2);

    const { changes, cache } = setup();
    changes.setLive(false);
    await cache.get("k", async () => ++n);
    await cache.get("k", async () => ++n);
    expect(n).toBe(4);
    expect(cache.size).toBe(0);
    changes.setLive(true);
    await cache.get("k", async () => ++n);
    await cache.get("k", async () => ++n);
    expect(n).toBe(5);
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const { cache } = setup({ maxEntries: 2 });
    await cache.get("a", async () => "A");
    await cache.get("b", async () => "B");
    await cache.get("c", async () => "C");
    expect(cache.peek("a")).toBeUndefined();
    expect(cache.peek("b")).toBe("B");
    expect(cache.peek("c")).toBe("C");
    expect(cache.size).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const { cache } = setup();
    await expect(cache.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("k", async () => "ok")).toBe("ok");
  });
});

describe("cachedRead", () => {
  /**
   * A cached GET /r whose handler waits for `open()`, answering `status` with the number of its
   * run; `arrived` counts the requests that reached the route.
   */
  const route = async (status = 200) => {
    const changes = new DataChanges();
    const cache = new ReadCache(changes, { enabled: true });
    const counts = { arrived: 0, runs: 0 };
    let open = () => {};
    const gate = new Promise<void>((r) => (open = r));
    const app = express();
    app.get(
      "/r",
      (_req, _res, next) => {
        counts.arrived++;
        next();
      },
      cachedRead(cache),
      async (_req, res) => {
        const run = ++counts.runs;
        await gate;
        res.status(status).json({ run });
      },
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/r`;
    const get = async () => {
      const res = await fetch(url);
      return { status: res.status, body: (await res.json()) as { run: number } };
    };
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((r) => setTimeout(r, 1));
    };
    return { changes, cache, counts, open, get, until, close: () => new Promise((r) => server.close(r)) };
  };

  it("lets concurrent misses of one key wait for the one load under way, and counts them as hits", async () => {
    const r = await route();
    try {
      const answers = Array.from({ length: 5 }, () => r.get());
      await r.until(() => r.counts.arrived === 5);
      r.open();
      const got = await Promise.all(answers);
      expect(got.map((a) => a.body.run)).toEqual([1, 1, 1, 1, 1]);
      expect(r.counts.runs).toBe(1);
      expect(r.cache.answers).toMatchObject({ miss: 1, hit: 4 });
      expect((await r.get()).body.run).toBe(1); // kept
    } finally {
      await r.close();
    }
  });

  it("does not let a request wait for a load of an older data version", async () => {
    const r = await route();
    try {
      const first = r.get();
      await r.until(() => r.counts.runs === 1);
      r.changes.bump();
      const second = r.get();
      await r.until(() => r.counts.runs === 2);
      r.open();
      expect([(await first).body.run, (await second).body.run]).toEqual([1, 2]);
    } finally {
      await r.close();
    }
  });

  it("has each waiter load its own when the load under way ends without a 200 answer", async () => {
    const r = await route(404);
    try {
      const answers = Array.from({ length: 3 }, () => r.get());
      await r.until(() => r.counts.arrived === 3);
      r.open();
      const got = await Promise.all(answers);
      expect(got.map((a) => a.status)).toEqual([404, 404, 404]);
      expect(r.counts.runs).toBe(3);
      expect(r.cache.answers).toMatchObject({ miss: 3, hit: 0 });
    } finally {
      await r.close();
    }
  });
});
