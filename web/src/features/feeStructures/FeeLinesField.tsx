import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FeeStructureInput } from '@app/contract/feeStructures';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ResourcePicker } from '../../lib/form/ResourcePicker';
import { feeTypeResource } from '../feeTypes/resource';
import { displayMessage } from '../../lib/form/messages';
import { MoneyInput } from '../../lib/form/MoneyInput';
import { useOrgMoney } from '../../lib/form/money';

// Offered: active fee types (a line already holding a switched-off one still shows its name).
const activeOnly = { status: 'true' };

/** The sum of the lines that hold an amount, while the form is being filled in. */
export function linesTotal(lines: readonly { amount?: number | undefined }[] | undefined): number {
  return (lines ?? []).reduce(
    (sum, line) => sum + (typeof line.amount === 'number' && Number.isFinite(line.amount) ? line.amount : 0),
    0,
  );
}

/** The fee lines of a structure (fee type + amount), with add/remove and the live total. */
export function FeeLinesField({ control }: { control: Control<FeeStructureInput> }) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const { errors } = useFormState({ control, name: 'lines' });
  const listError = displayMessage(errors.lines?.message ?? errors.lines?.root?.message);

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
        {t('feeStructures.lines')}
      </Typography>
      <Stack spacing={2}>
        {fields.map((line, index) => (
          <Box
            key={line.id}
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 3fr) minmax(0, 2fr) auto' },
              alignItems: 'start',
            }}
          >
            <ResourcePicker
              control={control}
              name={`lines.${index}.feeTypeId`}
              label={t('feeStructures.feeType')}
              resource={feeTypeResource}
              sort="name"
              optionLabel={(type) => type.name}
              query={activeOnly}
              required
            />
            <Box sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
              <MoneyInput
                control={control}
                name={`lines.${index}.amount`}
                label={t('feeStructures.amount')}
                required
              />
            </Box>
            <IconButton
              aria-label={t('feeStructures.removeLine', { n: index + 1 })}
              onClick={() => remove(index)}
              disabled={fields.length <= 1}
              sx={{ mt: 1 }}
            >
              <RemoveCircleOutline />
            </IconButton>
          </Box>
        ))}
      </Stack>
      {listError !== undefined && <FormHelperText error>{listError}</FormHelperText>}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1.5, gap: 2 }}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() =>
            append({ feeTypeId: undefined as unknown as number, amount: undefined as unknown as number })
          }
        >
          {t('feeStructures.addLine')}
        </Button>
        <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
          {t('feeStructures.total')}:{' '}
          <span data-testid="fee-structure-total">{money.format(linesTotal(lines))}</span>
        </Typography>
      </Box>
    </Box>
  );
}
