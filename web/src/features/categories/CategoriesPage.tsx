import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { categoryInputSchema } from '@app/contract/categories';
import type { Category, CategoryInput } from '@app/contract/categories';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SwitchInput, TextInput } from '../../lib/form/fields';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { categoryResource } from './resource';

type Values = CategoryInput;
type Output = z.output<typeof categoryInputSchema>;

const defaults: Values = { name: '', description: '', status: true };

function toValues(row: Category): Values {
  return { name: row.name, description: row.description, status: row.status };
}

function CategoryFields({ form }: { form: UseFormReturn<Values, unknown, Output> }) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      <TextInput control={control} name="name" label={t('categories.name')} required autoFocus />
      <TextInput control={control} name="description" label={t('categories.description')} multiline />
      <SwitchInput control={control} name="status" label={t('categories.status')} />
    </>
  );
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
      schema={categoryInputSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form) => <CategoryFields form={form} />}
    />
  );
}
