import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { Category } from '@app/contract/categories';
import { useTranslation } from 'react-i18next';
import { lazySchema } from '../../lib/form/lazySchema';
import { PartSuspense, lazyPart } from '../../lib/lazyPart';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import type { CategoryOutput as Output, CategoryValues as Values } from './CategoryFields';
import { categoryResource } from './resource';

// The form's schema and fields are downloaded when it first opens, not with the list (issue 21).
const loadCategorySchema = lazySchema(() =>
  import('@app/contract/categories').then((contract) => contract.categoryInputSchema),
);
const CategoryFields = lazyPart(() => import('./CategoryFields'), 'CategoryFields');

const defaults: Values = { name: '', description: '', status: true };

function toValues(row: Category): Values {
  return { name: row.name, description: row.description, status: row.status };
}

export function CategoriesPage() {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<Category>[]>(
    () => [
      { field: 'name', headerName: t('categories.name'), flex: 1, minWidth: 160 },
      { field: 'description', headerName: t('categories.description'), flex: 2, minWidth: 200 },
      { field: 'status', headerName: t('table.status'), width: 110 },
      createdAtColumn<Category>(t),
    ],
    [t],
  );
  const filters = useMemo(() => [statusFilter(t)], [t]);

  return (
    <ResourcePage<Category, Values, Output>
      resource={categoryResource}
      texts={{
        title: t('categories.title'),
        subtitle: t('categories.subtitle'),
        add: t('categories.add'),
        addTitle: t('categories.addTitle'),
        editTitle: t('categories.editTitle'),
        emptyTitle: t('categories.emptyTitle'),
        emptyText: t('categories.emptyText'),
      }}
      columns={columns}
      filters={filters}
      hiddenColumns={['createdAt']}
      rowName={(row) => row.name}
      schema={loadCategorySchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form) => (
        <PartSuspense>
          <CategoryFields form={form} />
        </PartSuspense>
      )}
    />
  );
}
