import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { Staff } from '@app/contract/staff';
import type { Control, UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldRow } from '../../lib/form/FieldRow';
import { BranchMultiSelect, SelectInput, SwitchInput, TextInput } from '../../lib/form/fields';
import { PasswordInput } from './PasswordInput';
import { useRoleOptions } from './roleOptions';
import type { StaffFormOutput, StaffFormValues } from './staffFormTypes';

type Form = UseFormReturn<StaffFormValues, unknown, StaffFormOutput>;

/** The staff form: the password only when adding, branches as "all" or a list. */
export function StaffFields({ form, editing }: { form: Form; editing: Staff | null }) {
  const { t } = useTranslation();
  // The fields see the values as typed; the transformed output only matters on submit.
  const control = form.control as unknown as Control<StaffFormValues>;
  const roles = useRoleOptions();
  const allBranches = useWatch({ control, name: 'allBranches' });
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  return (
    <>
      <TextInput control={control} name="staffName" label={t('staff.staffName')} required autoFocus />
      <FieldRow>
        <TextInput control={control} name="email" label={t('staff.email')} required autoComplete="off" />
        <TextInput control={control} name="mobile" label={t('staff.mobile')} />
      </FieldRow>
      {roles.isError && <Alert severity="error">{t('staff.rolesFailed')}</Alert>}
      <SelectInput control={control} name="roleId" label={t('staff.role')} options={roleOptions} required />
      <SwitchInput
        control={control}
        name="allBranches"
        label={t('staff.allBranches')}
        helperText={t('staff.allBranchesHelp')}
      />
      {!allBranches && (
        <BranchMultiSelect
          control={control}
          name="branchIds"
          label={t('staff.branches')}
          allLabel={t('staff.chooseBranches')}
          required
        />
      )}
      {editing === null ? (
        <PasswordInput
          control={control}
          name="password"
          label={t('staff.password')}
          helperText={t('staff.passwordHelp')}
          required
        />
      ) : (
        <StatusSwitchField form={form} />
      )}
    </>
  );
}

/** Active / inactive as a switch over the form's status text. */
function StatusSwitchField({ form }: { form: Form }) {
  const { t } = useTranslation();
  const status = useWatch({ control: form.control, name: 'status' });
  return (
    <FormControlLabel
      label={t('staff.active')}
      control={
        <Switch
          checked={status === 'active'}
          onChange={(event) =>
            form.setValue('status', event.target.checked ? 'active' : 'inactive', { shouldDirty: true })
          }
        />
      }
    />
  );
}
