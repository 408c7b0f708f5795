import { editableEnquiryStatuses, enquirySources } from '@app/contract/enquiryNames';
import type { EnquiryInput, enquiryInputSchema } from '@app/contract/enquiries';
import type { FeeStructure } from '@app/contract/feeStructures';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FieldRow } from '../../lib/form/FieldRow';
import { DateInput, SelectInput, TextInput } from '../../lib/form/fields';
import { useSessionView } from '../../lib/useSession';

type Values = EnquiryInput;
type Output = z.output<typeof enquiryInputSchema>;

/** Fee structures offered for this branch: active ones for it, and the one already chosen. */
function feeStructureChoices(all: FeeStructure[], branchId: number | undefined, chosen: number | null) {
  return all
    .filter(
      (structure) =>
        structure.id === chosen ||
        (structure.status &&
          (structure.branchIds === null || branchId === undefined || structure.branchIds.includes(branchId))),
    )
    .map((structure) => ({ value: structure.id, label: structure.name }));
}

export function EnquiryFields({
  form,
  feeStructures,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  feeStructures: FeeStructure[];
}) {
  const { t } = useTranslation();
  const { control } = form;
  const { activeBranch } = useSessionView();
  const chosen = form.getValues('feeStructureId') ?? null;
  const sourceOptions = enquirySources.map((source) => ({
    value: source,
    label: t(`enquiries.sources.${source}`),
  }));
  // Converted is set only by converting; a person never picks it.
  const statusOptions = editableEnquiryStatuses.map((status) => ({
    value: status,
    label: t(`enquiries.statuses.${status}`),
  }));
  return (
    <>
      <TextInput control={control} name="name" label={t('enquiries.name')} required autoFocus />
      <FieldRow>
        <TextInput
          control={control}
          name="mobile"
          label={t('enquiries.mobile')}
          required
          autoComplete="tel"
        />
        <TextInput control={control} name="email" label={t('enquiries.email')} autoComplete="email" />
      </FieldRow>
      <FieldRow>
        <SelectInput control={control} name="source" label={t('enquiries.source')} options={sourceOptions} />
        <SelectInput
          control={control}
          name="feeStructureId"
          label={t('enquiries.feeStructure')}
          options={feeStructureChoices(feeStructures, activeBranch?.id, chosen)}
          emptyLabel={t('enquiries.noFeeStructure')}
        />
      </FieldRow>
      <FieldRow>
        <DateInput
          control={control}
          name="followUpDate"
          label={t('enquiries.followUpDate')}
          helperText={t('enquiries.followUpHelp')}
        />
        <SelectInput control={control} name="status" label={t('enquiries.status')} options={statusOptions} />
      </FieldRow>
      <TextInput control={control} name="notes" label={t('enquiries.notes')} multiline />
    </>
  );
}
