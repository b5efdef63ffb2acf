import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PAGE_MAX, pageQuerySchema } from "./paging";

const schema = pageQuerySchema({ defaultLimit: 20, maxLimit: 50 });

describe("pageQuerySchema", () => {
  it("defaults page to 1 and limit to the endpoint's default", () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it("reads query-string numbers", () => {
    expect(schema.parse({ page: "3", limit: "50" })).toEqual({ page: 3, limit: 50 });
  });

  it.each([
    ["page", "0", "page must be a positive whole number."],
    ["page", "1.5", "page must be a positive whole number."],
    ["page", "abc", "page must be a positive whole number."],
    ["page", String(PAGE_MAX + 1), "page must be a positive whole number."],
    ["limit", "0", "limit must be between 1 and 50."],
    ["limit", "51", "limit must be between 1 and 50."],
    ["limit", "x", "limit must be between 1 and 50."],
  ])("refuses %s=%s with '%s'", (key, value, message) => {
    const result = schema.safeParse({ [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("extends with an endpoint's filters and keeps the paging fields", () => {
    const withFilter = schema.extend({ status: z.enum(["open", "all"]).default("open") });
    expect(withFilter.parse({ limit: "5" })).toEqual({ page: 1, limit: 5, status: "open" });
    expect(withFilter.safeParse({ status: "all", page: "0" }).success).toBe(false);
  });
});
