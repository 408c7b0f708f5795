import { categorySchema, categorySortFields } from '@app/contract/categories';
import type { Category } from '@app/contract/categories';
import { defineResource } from '../../lib/table/resource';

export const categoryResource = defineResource<Category>({
  name: 'category',
  label: 'Category',
  plural: 'Categories',
  module: 'categories',
  record: categorySchema,
  sortFields: categorySortFields,
  filterNames: ['status'],
});
