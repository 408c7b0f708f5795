import { z } from 'zod';

import { defaultPageSize, pageSizes } from './listNames.ts';

export { defaultPageSize, pageSizes };

/**
 * Query of every list route. `sort` is `field` (ascending) or `-field` (descending); each resource
 * names the fields it can sort by, anything else is a validation failure.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortFields: S) {
  const sortValues = sortFields.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
  return z.object({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => (pageSizes as readonly number[]).includes(n), {
        message: `pageSize must be one of ${pageSizes.join(', ')}`,
      })
      .default(defaultPageSize),
    sort: z.enum(sortValues).optional(),
    q: z.string().trim().max(200).optional(),
    /**
     * Keyset cursor: the `nextAfter` of the previous page. With it the rows are those right after
     * that page in the same order, whatever `page` says, so Next costs the same at page 20,000 as at
     * page 1; without it `page` is an offset (docs/decisions/performance.md, "Lists at scale").
     */
    after: z.string().max(400).optional(),
  });
}

export type ListQuery = { page: number; pageSize: number; sort?: string; q?: string; after?: string };

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    /** True when `total` is the count cap and more rows match (absent or false: `total` is exact). */
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Cursor of the next page (send it as `after` with page + 1); absent on the last page. */
    nextAfter: z.string().optional(),
  });
}

export type ListResponse<T> = {
  items: T[];
  total: number;
  /** See listResponseSchema: large sets are counted up to a cap, and this says the cap was reached. */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  /** See listResponseSchema: the cursor that fetches the page after this one. */
  nextAfter?: string;
};

/** Ids are PostgreSQL integers: one past 2,147,483,647 names nothing and is refused at its field. */
export const maxId = 2_147_483_647;
export const idSchema = z.number().int().positive().max(maxId, 'No such id');
/** An id in a query string (text, read as a number). */
export const queryId = z.coerce.number().int().positive().max(maxId, 'No such id');

/** Query-string booleans arrive as text: accept true/false/1/0. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
