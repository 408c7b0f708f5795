import { categorySortFields } from '@app/contract/listNames';
import type { Category } from '@app/contract/categories';
import { defineResource } from '../../lib/table/resource';

export const categoryResource = defineResource<Category>({
  name: 'category',
  label: 'Category',
  plural: 'Categories',
  module: 'categories',
  sortFields: categorySortFields,
  filterNames: ['status'],
});
