import { describe, expect, it } from "vitest";
import { ApiError, orAlreadyDone } from "./api-client";

describe("orAlreadyDone: the server's 'your side already did this' counts as done", () => {
  it("resolves to the answer, or to null on 409 already_done", async () => {
    expect(await orAlreadyDone(Promise.resolve({ ok: 1 }))).toEqual({ ok: 1 });
    expect(await orAlreadyDone(Promise.reject(new ApiError(409, "Match Already confirmed", { code: "already_done" })))).toBeNull();
  });
  it("still fails on every other refusal", async () => {
    await expect(orAlreadyDone(Promise.reject(new ApiError(409, "Match Already disputed", { code: "match_not_pending" })))).rejects.toThrow(
      "Match Already disputed",
    );
    await expect(orAlreadyDone(Promise.reject(new Error("offline")))).rejects.toThrow("offline");
  });
});
