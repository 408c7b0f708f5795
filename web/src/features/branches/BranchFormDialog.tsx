import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';

import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { branchStatuses } from '@app/contract/branches';
import type { Branch } from '@app/contract/branches';
import { browserTimeZone, isTimeZone, orgTimeZone, supportedTimeZones } from '../../lib/dates';
import { ApiError } from '../../lib/api';
import { FieldRow } from '../../lib/form/FieldRow';
import { ListInput, SelectInput, TextInput } from '../../lib/form/fields';
import { ResourceFormDialog } from '../../lib/form/ResourceFormDialog';
import { branchesQueryKey, createBranch, updateBranch } from './branchApi';
import { rememberBranch } from './storedBranches';

// The bounds of contract/src/branches.ts, with i18n keys as messages so they show translated.
const branchFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(120),
  address: z.string().trim().max(300),
  phone: z.string().trim().max(30),
  timezone: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .refine((value) => value === '' || isTimeZone(value), 'formErrors.unknownTimezone'),
  status: z.enum(branchStatuses),
});

type BranchFormValues = z.infer<typeof branchFormSchema>;

function valuesOf(branch: Branch | null): BranchFormValues {
  if (branch === null) {
    // A new branch starts in the organisation's time zone (the browser's only without one).
    const timezone = orgTimeZone() ?? browserTimeZone();
    return { name: '', address: '', phone: '', timezone, status: 'active' };
  }
  const { name, address, phone, timezone, status } = branch;
  return { name, address, phone, timezone, status };
}

/**
 * A name already in use is the one conflict a branch can meet; it is handed on as a problem of the
 * name field, so the form dialog shows it there.
 */
async function save(branch: Branch | null, input: BranchFormValues): Promise<Branch> {
  try {
    return branch === null ? await createBranch(input) : await updateBranch(branch.id, input);
  } catch (error) {
    if (error instanceof ApiError && error.reason === 'CONFLICT' && error.details === undefined) {
      throw new ApiError({
        status: error.status,
        reason: error.reason,
        message: error.message,
        code: error.code,
        params: error.params,
        details: [{ path: 'body.name', message: error.message, code: error.code, params: error.params }],
      });
    }
    throw error;
  }
}

interface BranchFormDialogProps {
  /** null adds a branch; a branch edits it. */
  branch: Branch | null;
  onClose: () => void;
}

/** Add / Edit Branch. Mount it per opening, so each starts from the branch's values. */
export function BranchFormDialog({ branch, onClose }: BranchFormDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [values] = useState(() => valuesOf(branch));

  return (
    <ResourceFormDialog<BranchFormValues, BranchFormValues>
      open
      title={branch === null ? t('branches.addTitle') : t('branches.editTitle')}
      schema={branchFormSchema}
      values={values}
      onCancel={onClose}
      onSubmit={async (input) => {
        const saved = await save(branch, input);
        rememberBranch(saved);
        await queryClient.invalidateQueries({ queryKey: branchesQueryKey });
        enqueueSnackbar(branch === null ? t('notify.saved') : t('notify.updated'), { variant: 'success' });
        onClose();
      }}
      renderFields={(form) => (
        <>
          <TextInput control={form.control} name="name" label={t('branches.name')} required autoFocus />
          <TextInput control={form.control} name="address" label={t('branches.address')} multiline />
          <FieldRow>
            <TextInput control={form.control} name="phone" label={t('branches.phone')} autoComplete="tel" />
            <SelectInput
              control={form.control}
              name="status"
              label={t('branches.status')}
              helperText={t('branches.inactiveHint')}
              options={[
                { value: 'active', label: t('branches.statusActive') },
                { value: 'inactive', label: t('branches.statusInactive') },
              ]}
            />
          </FieldRow>
          <ListInput
            control={form.control}
            name="timezone"
            label={t('branches.timezone')}
            options={supportedTimeZones}
            required
          />
        </>
      )}
    />
  );
}
