import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormHelperText from '@mui/material/FormHelperText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { normalisePermissions } from '@app/contract/staffRoleNames';
import { permissionActions } from '@app/contract/modules';
import type { ModuleName, PermissionAction, PermissionRecord } from '@app/contract/modules';
import { useController } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { displayMessage } from '../../lib/form/messages';
import type { Checked } from './permissions';
import { columnState, gridState, rowState, setAll, setCell, setColumn, setRow } from './permissions';

export { emptyPermissions } from './permissions';

function TriCheckbox(props: {
  state: Checked;
  label: string;
  disabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <Checkbox
      size="small"
      checked={props.state === 'all'}
      indeterminate={props.state === 'some'}
      disabled={props.disabled}
      // A partly checked toggle turns everything on, as a file manager's "select all" does.
      onChange={() => props.onChange(props.state !== 'all')}
      slotProps={{ input: { 'aria-label': props.label } }}
    />
  );
}

/**
 * The permissions of a role as a grid: one row per module (in the contract's order), one column
 * per action, a toggle for a whole row and one for a whole column (indeterminate when partly on).
 */
export function PermissionGrid<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const records = normalisePermissions((field.value as PermissionRecord[] | undefined) ?? []);
  const change = (next: PermissionRecord[]) => field.onChange(next);
  const actionName = (action: PermissionAction) => t(`staffRoles.actions.${action}`);
  const moduleName = (module: ModuleName) => t(`staffRoles.modules.${module}`);
  const message = displayMessage(fieldState.error?.message);

  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('staffRoles.permissions')}
      </Typography>
      <TableContainer
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: { xs: 'none', sm: 420 } }}
      >
        <Table size="small" stickyHeader aria-label={t('staffRoles.permissions')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: { xs: 80, sm: 120 }, fontWeight: 600, px: { xs: 1, sm: 2 } }}>
                {t('staffRoles.module')}
              </TableCell>
              {permissionActions.map((action) => (
                <TableCell
                  key={action}
                  align="center"
                  padding="none"
                  sx={{ fontWeight: 600, px: { xs: 0, sm: 0.5 } }}
                >
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                    <span>{actionName(action)}</span>
                    <TriCheckbox
                      state={columnState(records, action)}
                      label={t('staffRoles.columnToggle', { action: actionName(action) })}
                      disabled={props.disabled}
                      onChange={(value) => change(setColumn(records, action, value))}
                    />
                  </Box>
                </TableCell>
              ))}
              <TableCell align="center" padding="none" sx={{ fontWeight: 600, px: { xs: 0, sm: 0.5 } }}>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                  <span>{t('staffRoles.all')}</span>
                  <TriCheckbox
                    state={gridState(records)}
                    label={t('staffRoles.allToggle')}
                    disabled={props.disabled}
                    onChange={(value) => change(setAll(records, value))}
                  />
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((record) => {
              const module = record.moduleUniqueName;
              return (
                <TableRow key={module} hover>
                  <TableCell component="th" scope="row" sx={{ px: { xs: 1, sm: 2 } }}>
                    {moduleName(module)}
                  </TableCell>
                  {permissionActions.map((action) => (
                    <TableCell key={action} align="center" padding="none">
                      <Checkbox
                        size="small"
                        checked={record[action]}
                        disabled={props.disabled}
                        onChange={(event) => change(setCell(records, module, action, event.target.checked))}
                        slotProps={{
                          input: {
                            'aria-label': t('staffRoles.cellLabel', {
                              module: moduleName(module),
                              action: actionName(action),
                            }),
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                  <TableCell align="center" padding="none">
                    <TriCheckbox
                      state={rowState(record)}
                      label={t('staffRoles.rowToggle', { module: moduleName(module) })}
                      disabled={props.disabled}
                      onChange={(value) => change(setRow(records, module, value))}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {message !== undefined && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}
