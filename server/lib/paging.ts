// The one builder of a Page<T> (docs/product.md, "Lists and paging"). Queries are parsed by
// pageQuerySchema() in shared/paging.ts; services read `offsetOf(query)` rows and answer `pageOf(...)`.
import type { Page, PageQuery } from "@shared/paging";

/** The rows to skip before the asked page. */
export function offsetOf(query: PageQuery): number {
  return (query.page - 1) * query.limit;
}

/** The page of `items` asked for by `query`, out of `total`. An empty list is one page (totalPages 1). */
export function pageOf<T>(items: T[], total: number, query: PageQuery): Page<T> {
  return { items, page: query.page, pageSize: query.limit, total, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}
