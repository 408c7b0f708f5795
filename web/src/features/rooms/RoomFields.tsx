import type { RoomInput, roomInputSchema } from '@app/contract/rooms';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FieldRow } from '../../lib/form/FieldRow';
import { NumberInput, SwitchInput, TextInput } from '../../lib/form/fields';

// The room form's fields, downloaded when the form first opens (RoomsPage).
export type RoomValues = RoomInput;
export type RoomOutput = z.output<typeof roomInputSchema>;

export function RoomFields({ form }: { form: UseFormReturn<RoomValues, unknown, RoomOutput> }) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      <TextInput control={control} name="name" label={t('rooms.name')} required autoFocus />
      <FieldRow>
        <TextInput control={control} name="floor" label={t('rooms.floor')} />
        <NumberInput
          control={control}
          name="capacity"
          label={t('rooms.capacity')}
          helperText={t('rooms.capacityHelp')}
          required
        />
      </FieldRow>
      <SwitchInput control={control} name="status" label={t('rooms.status')} />
    </>
  );
}
