import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../lib/form/fields';
import { PermissionGrid } from './PermissionGrid';
import type { RoleForm } from './roleValues';

/** Name, description and the permission grid; the Owner role is shown, never changed. */
export function StaffRoleFields({ form, readOnly }: { form: RoleForm; readOnly: boolean }) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      {readOnly && <Alert severity="info">{t('staffRoles.ownerNote')}</Alert>}
      <TextInput
        control={control}
        name="name"
        label={t('staffRoles.name')}
        required
        autoFocus={!readOnly}
        disabled={readOnly}
      />
      <TextInput
        control={control}
        name="description"
        label={t('staffRoles.description')}
        multiline
        disabled={readOnly}
      />
      <PermissionGrid control={control} name="permissions" disabled={readOnly} />
    </>
  );
}
