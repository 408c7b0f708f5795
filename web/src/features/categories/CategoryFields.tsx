import type { CategoryInput, categoryInputSchema } from '@app/contract/categories';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SwitchInput, TextInput } from '../../lib/form/fields';

// The category form's fields, downloaded when the form first opens (CategoriesPage).
export type CategoryValues = CategoryInput;
export type CategoryOutput = z.output<typeof categoryInputSchema>;

export function CategoryFields({ form }: { form: UseFormReturn<CategoryValues, unknown, CategoryOutput> }) {
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
