import { z } from 'zod';
import { queryId } from './list.ts';
import { isoDate } from './users.ts';

/**
 * GET /api/tally/exportVouchers?from=YYYY-MM-DD&to=YYYY-MM-DD[&branchId=N] (issue 44, point 5): the
 * period's payments, refunds, expenses and transfers as Tally Prime XML. Without `branchId`, every
 * branch the caller may read.
 */
export const tallyExportQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    branchId: queryId.optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type TallyExportQuery = z.output<typeof tallyExportQuerySchema>;
