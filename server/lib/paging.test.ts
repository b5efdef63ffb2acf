import { describe, expect, it } from "vitest";
import { offsetOf, pageOf } from "./paging";

describe("pageOf", () => {
  it("answers the asked page with its size, the total and the page count", () => {
    expect(pageOf(["a", "b"], 7, { page: 2, limit: 5 })).toEqual({ items: ["a", "b"], page: 2, pageSize: 5, total: 7, totalPages: 2 });
  });

  it("counts an empty list as one page", () => {
    expect(pageOf([], 0, { page: 1, limit: 20 })).toEqual({ items: [], page: 1, pageSize: 20, total: 0, totalPages: 1 });
  });

  it.each([
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [100, 1, 100],
  ])("%i items at %i a page make %i pages", (total, limit, pages) => {
    expect(pageOf([], total, { page: 1, limit }).totalPages).toBe(pages);
  });
});

describe("offsetOf", () => {
  it("skips the rows of the pages before the asked one", () => {
    expect(offsetOf({ page: 1, limit: 20 })).toBe(0);
    expect(offsetOf({ page: 3, limit: 20 })).toBe(40);
  });
});
