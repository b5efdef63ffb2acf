// Paged lists, one way for every endpoint (docs/product.md, "Lists and paging"): the query asks for
// `page` (from 1) and `limit` (the page size); the answer is a Page<T>.
import { z } from "zod";

/** The highest page number a query may ask for (bounds the offset). */
export const PAGE_MAX = 100_000;
export const PAGE_MESSAGE = "page must be a positive whole number.";
export const limitMessage = (maxLimit: number): string => `limit must be between 1 and ${maxLimit}.`;

/** What every page tells besides its items. */
const pageFieldsSchema = z.object({
  page: z.number().int().min(1).describe("This page's number, from 1."),
  pageSize: z.number().int().min(1).describe("The page size asked for (limit)."),
  total: z.number().int().nonnegative().describe("Items in the whole list."),
  totalPages: z.number().int().min(1).describe("At least 1: an empty list is one empty page."),
});

/** One page of a list (its schema: pageSchemaOf). `totalPages` is at least 1: an empty list is one empty page. */
export type Page<T> = { items: T[] } & z.infer<typeof pageFieldsSchema>;

/** The answer schema of a page of `item`s: Page<z.infer<item>>, for a paged route's `response`. */
export function pageSchemaOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), ...pageFieldsSchema.shape });
}

/** What a paged read is asked for, once parsed. */
export interface PageQuery {
  page: number;
  limit: number;
}

/**
 * The paging fields of a GET's query: `page` (default 1) and `limit` (the endpoint's own default
 * and largest size). Extend it with the endpoint's filters: `pageQuerySchema({...}).extend({...})`.
 */
export function pageQuerySchema(sizes: { defaultLimit: number; maxLimit: number }) {
  const tooMany = limitMessage(sizes.maxLimit);
  return z.object({
    page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(PAGE_MAX, PAGE_MESSAGE).default(1),
    limit: z.coerce.number({ error: tooMany }).int(tooMany).min(1, tooMany).max(sizes.maxLimit, tooMany).default(sizes.defaultLimit),
  });
}
