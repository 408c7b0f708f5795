import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  categoryInputSchema,
  categoryListQuerySchema,
  categorySchema,
  type Category,
} from '@app/contract/categories';
import { categories } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { registerCrud } from '../../platform/crud.ts';
import { said } from '../../platform/errors.ts';
import { categoryCsv } from './exportColumns.ts';

type CategoryRow = typeof categories.$inferSelect;

export const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  name: row.name,
  description: row.description,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** Expense categories. Expenses will reference them; their in-use rule arrives with expenses. */
export function categoryRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    name: 'category',
    label: 'Category',
    plural: 'Categories',
    recordName: 'CATEGORY',
    module: 'categories',
    table: categories,
    branchScoped: false,
    record: categorySchema,
    input: categoryInputSchema,
    listQuery: categoryListQuerySchema,
    sortColumns: { name: categories.name, createdAt: categories.createdAt },
    defaultSort: 'name',
    searchColumns: [categories.name, categories.description],
    filters: (q) => [q.status === undefined ? undefined : eq(categories.status, q.status)],
    toRecord: (row) => toCategory(row as CategoryRow),
    csv: categoryCsv,
    toValues: (body) => categoryInputSchema.parse(body),
    uniqueMessages: { categories_client_name_uq: said('CATEGORY_NAME_TAKEN') },
  });
}
