import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { pausePolicySchema, type PausePolicy } from '@app/contract/pauses';
import { get, put } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { FieldRow } from '../../lib/form/FieldRow';
import { NumberInput, SwitchInput } from '../../lib/form/fields';
import { formErrorMap } from '../../lib/form/messages';
import { applyServerErrors } from '../../lib/form/serverErrors';
import { useSnackbar } from '../../lib/notify/notify';
import { hasPermission } from '../../lib/session';

const policyKey = ['pauses', 'policy'];

/**
 * The organisation's pause policy (issue 45, point 4) in its settings: the most pause days in a
 * calendar year, the fewest days of one pause, and whether a paused member keeps their seat.
 * Staff who may edit settings change it; those who may view members read it.
 */
export function PausePolicyForm() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const canEdit = hasPermission('settings', 'edit');
  const policy = useQuery({
    queryKey: policyKey,
    queryFn: ({ signal }) => get<PausePolicy>('/user/getPausePolicy', { signal }),
    meta: { handlesError: true },
  });
  const form = useForm<PausePolicy>({ resolver: zodResolver(pausePolicySchema, { error: formErrorMap }) });
  const { control } = form;
  useEffect(() => {
    if (policy.data) form.reset(policy.data);
  }, [policy.data, form]);

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const saved = await put<PausePolicy>('/user/updatePausePolicy', values);
      queryClient.setQueryData(policyKey, saved);
      enqueueSnackbar(t('pauses.policy.saved'), { variant: 'success' });
    } catch (error) {
      setProblem(applyServerErrors(error, form));
    }
  });

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-labelledby="pause-policy-title"
      onSubmit={(event) => void submit(event)}
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760, mt: 3 }}
    >
      <Stack spacing={2.5}>
        <Typography id="pause-policy-title" variant="h6" component="h2">
          {t('pauses.policy.title')}
        </Typography>
        <Typography color="text.secondary">{t('pauses.policy.help')}</Typography>
        {policy.isPending && <Skeleton variant="rectangular" height={120} />}
        {policy.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void policy.refetch()}>
                {t('pauses.policy.retry')}
              </Button>
            }
          >
            {errorMessage(policy.error)}
          </Alert>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        {policy.data && (
          <>
            <FieldRow>
              <NumberInput
                control={control}
                name="maxDaysYear"
                label={t('pauses.policy.maxDaysYear')}
                helperText={t('pauses.policy.maxDaysYearHelp')}
                unit={t('pauses.policy.daysUnit')}
                required
                disabled={!canEdit}
              />
              <NumberInput
                control={control}
                name="minDays"
                label={t('pauses.policy.minDays')}
                unit={t('pauses.policy.daysUnit')}
                required
                disabled={!canEdit}
              />
            </FieldRow>
            <SwitchInput
              control={control}
              name="holdsSeat"
              label={t('pauses.policy.holdsSeat')}
              helperText={t('pauses.policy.holdsSeatHelp')}
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
                {t('pauses.policy.save')}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
