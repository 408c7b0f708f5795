import { displayLocale, monthName } from '../../lib/dates';
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { organisationSettingsInputSchema } from '@app/contract/settings';
import type { OrganisationSettings, OrganisationSettingsInput } from '@app/contract/settings';
import { errorMessage } from '../../lib/errorMessage';
import { PageHeader } from '../../lib/PageHeader';
import { PageSpinner } from '../../lib/PageSpinner';
import { FieldRow } from '../../lib/form/FieldRow';
import { ListInput, NumberInput, SelectInput, SwitchInput, TextInput } from '../../lib/form/fields';
import { supportedTimeZones } from '../../lib/dates';
import { applyServerErrors } from '../../lib/form/serverErrors';
import { hasPermission } from '../../lib/session';
import { paletteKeys } from '@app/contract/palettes';
import { palettes } from '../../lib/theme/palettes';
import { getSettings, saveSettings, writeSettingsCookies } from './settingsApi';
import { frameMenuQueryKey } from '../../lib/frameMenuQuery';
import { PausePolicyForm } from './PausePolicyForm';

type Values = OrganisationSettingsInput;
type Output = ReturnType<typeof organisationSettingsInputSchema.parse>;

const toValues = ({ currencyLocked: _locked, ...values }: OrganisationSettings): Values => values;

const supportedCurrencies = () => Intl.supportedValuesOf('currency');

/** Organisation settings (/app/settings, module `settings`): name, money, receipts, payments switch. */
export function OrganisationSettingsPage() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const canEdit = hasPermission('settings', 'edit');
  const settings = useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => getSettings(signal),
    meta: { handlesError: true },
  });
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(organisationSettingsInputSchema) });
  const { control } = form;
  useEffect(() => {
    if (settings.data) form.reset(toValues(settings.data));
  }, [settings.data, form]);

  const months = useMemo(() => {
    const locale = displayLocale(i18n.language);
    return Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: monthName(i + 1, locale) }));
  }, [i18n.language]);
  // The member page's palette (issue 37), named as the settings drawer names the palettes.
  const memberPalettes = paletteKeys.map((key) => ({
    value: key,
    label: t(`settings.paletteNames.${key}` as 'settings.paletteNames.purpleTheme', {
      defaultValue: palettes[key].name,
    }),
  }));

  if (settings.isPending) return <PageSpinner />;
  if (settings.isError) return <Alert severity="error">{errorMessage(settings.error)}</Alert>;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const saved = await saveSettings(values);
      queryClient.setQueryData(['settings'], saved);
      writeSettingsCookies(saved);
      // The menu shows or hides the demo screens at once (issue 41, point 8).
      void queryClient.invalidateQueries({ queryKey: frameMenuQueryKey });
      enqueueSnackbar(t('notify.updated'), { variant: 'success' });
    } catch (error) {
      setProblem(applyServerErrors(error, form));
    }
  });

  return (
    <>
      <PageHeader title={t('orgSettings.title')} subtitle={t('orgSettings.subtitle')} />
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}
      >
        <Stack spacing={2.5}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <Typography variant="h6" component="h2">
            {t('orgSettings.organisation')}
          </Typography>
          <TextInput
            control={control}
            name="name"
            label={t('orgSettings.name')}
            required
            disabled={!canEdit}
          />
          <FieldRow>
            <TextInput
              control={control}
              name="locale"
              label={t('orgSettings.locale')}
              helperText={t('orgSettings.localeHelp')}
              required
              disabled={!canEdit}
            />
            <ListInput
              control={control}
              name="timezone"
              label={t('orgSettings.timezone')}
              options={supportedTimeZones}
              required
              disabled={!canEdit}
            />
          </FieldRow>
          <SwitchInput
            control={control}
            name="devanagariDigits"
            label={t('orgSettings.devanagariDigits')}
            helperText={t('orgSettings.devanagariDigitsHelp')}
            disabled={!canEdit}
          />
          <Typography variant="h6" component="h2">
            {t('orgSettings.money')}
          </Typography>
          <FieldRow>
            <ListInput
              control={control}
              name="currency"
              label={t('orgSettings.currency')}
              options={supportedCurrencies}
              required
              disabled={!canEdit || settings.data.currencyLocked}
              helperText={settings.data.currencyLocked ? t('orgSettings.currencyLocked') : undefined}
            />
            <SelectInput
              control={control}
              name="fyStartMonth"
              label={t('orgSettings.fyStartMonth')}
              options={months}
              required
              disabled={!canEdit}
            />
          </FieldRow>
          <FieldRow>
            <TextInput
              control={control}
              name="receiptPrefix"
              label={t('orgSettings.receiptPrefix')}
              required
              disabled={!canEdit}
            />
            <TextInput control={control} name="taxId" label={t('orgSettings.taxId')} disabled={!canEdit} />
          </FieldRow>
          <TextInput
            control={control}
            name="receiptAddress"
            label={t('orgSettings.receiptAddress')}
            multiline
            disabled={!canEdit}
          />
          <SwitchInput
            control={control}
            name="paymentDisabled"
            label={t('orgSettings.paymentDisabled')}
            disabled={!canEdit}
          />
          <SwitchInput
            control={control}
            name="wifiWithinWindow"
            label={t('wifi.settings.withinWindow')}
            disabled={!canEdit}
          />
          <SelectInput
            control={control}
            name="memberPalette"
            label={t('orgSettings.memberPalette')}
            helperText={t('orgSettings.memberPaletteHelp')}
            options={memberPalettes}
            disabled={!canEdit}
          />
          <NumberInput
            control={control}
            name="seatHoldMinutes"
            label={t('orgSettings.seatHoldMinutes')}
            helperText={t('orgSettings.seatHoldMinutesHelp')}
            disabled={!canEdit}
          />
          <SwitchInput
            control={control}
            name="demoMenu"
            label={t('orgSettings.demoMenu')}
            disabled={!canEdit}
          />
          {canEdit && (
            <Button
              type="submit"
              variant="contained"
              disabled={!form.formState.isDirty || form.formState.isSubmitting}
              startIcon={
                form.formState.isSubmitting ? (
                  <CircularProgress size={16} color="inherit" aria-hidden />
                ) : undefined
              }
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('orgSettings.save')}
            </Button>
          )}
        </Stack>
      </Paper>
      {hasPermission('users', 'view') && <PausePolicyForm />}
    </>
  );
}
