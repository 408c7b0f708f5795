import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@app/contract/money';
import { templateEvents, type TemplateEvent } from '@app/contract/messageNames';
import {
  suggestedWhatsAppTemplates,
  whatsappParameters,
  type WhatsAppParameter,
  type WhatsAppTemplate,
} from '@app/contract/whatsapp';
import { ApiError } from '../../lib/api';
import { displayLocale } from '../../lib/dates';
import { errorMessage, saidInLanguage } from '../../lib/errorMessage';
import { FieldRow } from '../../lib/form/FieldRow';
import { useSnackbar } from '../../lib/notify/notify';
import { hasPermission } from '../../lib/session';
import {
  getWhatsAppCloud,
  getWhatsAppCost,
  getWhatsAppTemplates,
  saveWhatsAppCloud,
  saveWhatsAppTemplate,
  sendWhatsAppTest,
} from './whatsappApi';

const fieldsOf = (details: ApiError['details']) =>
  Object.fromEntries((details ?? []).map((d) => [d.path, saidInLanguage(d)]));

/**
 * WhatsApp's Cloud API (issue 46): the number and its secrets (write-only: the screen says whether
 * each is set and never shows it), a test send of hello_world, the webhook's address and the month's cost.
 */
export function WhatsAppCloudSettings() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const canEdit = hasPermission('messages', 'edit');
  const cloud = useQuery({ queryKey: ['whatsappCloud'], queryFn: ({ signal }) => getWhatsAppCloud(signal) });
  const cost = useQuery({ queryKey: ['whatsappCost'], queryFn: ({ signal }) => getWhatsAppCost(signal) });
  const [phoneNumberId, setPhoneNumberId] = useState('');
  const [language, setLanguage] = useState('en');
  const [rate, setRate] = useState('0.115');
  const [secrets, setSecrets] = useState({ accessToken: '', appSecret: '', verifyToken: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [to, setTo] = useState('');
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (cloud.data) {
      setPhoneNumberId(cloud.data.phoneNumberId);
      setLanguage(cloud.data.language);
      setRate(String(cloud.data.ratePerMessage / 1000));
    }
  }, [cloud.data]);
  if (!cloud.data) return null;
  const set = cloud.data;

  const save = async () => {
    setProblem(null);
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveWhatsAppCloud({
        phoneNumberId: phoneNumberId.trim(),
        ...secrets,
        language: language.trim(),
        ratePerMessage: Math.round(Number(rate) * 1000),
      });
      queryClient.setQueryData(['whatsappCloud'], saved);
      // The secrets leave the screen once saved: they are never shown again.
      setSecrets({ accessToken: '', appSecret: '', verifyToken: '' });
      enqueueSnackbar(t('notify.updated'), { variant: 'success' });
    } catch (error) {
      setProblem(errorMessage(error));
      if (error instanceof ApiError) setErrors(fieldsOf(error.details));
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    setTestResult(null);
    setBusy(true);
    try {
      const result = await sendWhatsAppTest(to);
      setTestResult(
        result.ok
          ? { ok: true, text: t('messages.whatsapp.testSent') }
          : { ok: false, text: result.error ?? '' },
      );
    } catch (error) {
      setTestResult({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const secretField = (name: keyof typeof secrets, isSet: boolean) => (
    <TextField
      id={`whatsapp-${name}`}
      type="password"
      autoComplete="new-password"
      label={t(`messages.whatsapp.${name}`)}
      value={secrets[name]}
      onChange={(e) => setSecrets({ ...secrets, [name]: e.target.value })}
      helperText={
        errors[`body.${name}`] ??
        (isSet ? t('messages.whatsapp.secretSet') : t('messages.whatsapp.secretNotSet'))
      }
      error={Boolean(errors[`body.${name}`])}
      disabled={!canEdit}
    />
  );
  const webhook = `${window.location.origin}${set.webhookPath}`;
  const money = (paise: number) => formatMoney(Math.round(paise), 'INR', displayLocale());

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Typography variant="h6" component="h2">
          {t('messages.whatsapp.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {set.configured ? t('messages.whatsapp.configured') : t('messages.whatsapp.intro')}
        </Typography>
        {problem && <Alert severity="error">{problem}</Alert>}
        <FieldRow columns={3}>
          <TextField
            id="whatsapp-phone-number-id"
            label={t('messages.whatsapp.phoneNumberId')}
            value={phoneNumberId}
            onChange={(e) => setPhoneNumberId(e.target.value)}
            helperText={errors['body.phoneNumberId']}
            error={Boolean(errors['body.phoneNumberId'])}
            disabled={!canEdit}
          />
          <TextField
            id="whatsapp-language"
            label={t('messages.whatsapp.language')}
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
            helperText={errors['body.language'] ?? t('messages.whatsapp.languageHelp')}
            error={Boolean(errors['body.language'])}
            disabled={!canEdit}
          />
          <TextField
            id="whatsapp-rate"
            label={t('messages.whatsapp.rate')}
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            helperText={t('messages.whatsapp.rateHelp')}
            disabled={!canEdit}
          />
        </FieldRow>
        <FieldRow columns={3}>
          {secretField('accessToken', set.accessTokenSet)}
          {secretField('appSecret', set.appSecretSet)}
          {secretField('verifyToken', set.verifyTokenSet)}
        </FieldRow>
        <Typography variant="body2">{t('messages.whatsapp.webhook', { url: webhook })}</Typography>
        {canEdit && (
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={busy}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('messages.whatsapp.save')}
          </Button>
        )}
        {canEdit && set.configured && (
          <FieldRow columns={3}>
            <TextField
              id="whatsapp-test-to"
              label={t('messages.whatsapp.testTo')}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
            <Button variant="outlined" onClick={() => void test()} disabled={busy || to.trim() === ''}>
              {t('messages.whatsapp.test')}
            </Button>
          </FieldRow>
        )}
        {testResult && <Alert severity={testResult.ok ? 'success' : 'error'}>{testResult.text}</Alert>}
        {cost.data && (
          <Typography variant="body2">
            {t('messages.whatsapp.cost', {
              month: cost.data.month,
              count: cost.data.rows.reduce((n, r) => n + r.count, 0),
              amount: money(cost.data.totalPaise),
            })}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

type Row = { name: string; language: string; parameters: string };
const toRow = (m: WhatsAppTemplate | undefined, fallbackLanguage: string): Row => ({
  name: m?.name ?? '',
  language: m?.language ?? fallbackLanguage,
  parameters: (m?.parameters ?? []).join(', '),
});

/** The approved template per event (issue 46), with the shipped suggestion in English and Hindi. */
export function WhatsAppTemplates() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const canEdit = hasPermission('messages', 'edit');
  const mapped = useQuery({
    queryKey: ['whatsappTemplates'],
    queryFn: ({ signal }) => getWhatsAppTemplates(signal),
  });
  const [event, setEvent] = useState<TemplateEvent>('expiring');
  const [row, setRow] = useState<Row>({ name: '', language: 'en', parameters: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const current = mapped.data?.items.find((i) => i.event === event);
  useEffect(() => setRow(toRow(current, 'en')), [current, event]);
  const suggested = suggestedWhatsAppTemplates[event];

  const save = async () => {
    setErrors({});
    setBusy(true);
    try {
      const parameters = row.parameters
        .split(/[\s,]+/)
        .filter(Boolean)
        .filter((p): p is WhatsAppParameter => (whatsappParameters as readonly string[]).includes(p));
      const saved = await saveWhatsAppTemplate({ event, language: row.language, name: row.name, parameters });
      queryClient.setQueryData(['whatsappTemplates'], saved);
      enqueueSnackbar(t('notify.updated'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
      if (error instanceof ApiError) setErrors(fieldsOf(error.details));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Typography variant="h6" component="h2">
          {t('messages.whatsapp.templatesTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('messages.whatsapp.templatesIntro')}
        </Typography>
        <FieldRow columns={3}>
          <TextField
            id="whatsapp-template-event"
            select
            label={t('messages.event')}
            value={event}
            onChange={(e) => setEvent(e.target.value as TemplateEvent)}
            slotProps={{ select: { native: true } }}
          >
            {templateEvents.map((e) => (
              <option key={e} value={e}>
                {t(`messages.events.${e}`)}
              </option>
            ))}
          </TextField>
          <TextField
            id="whatsapp-template-name"
            label={t('messages.whatsapp.templateName')}
            value={row.name}
            onChange={(e) => setRow({ ...row, name: e.target.value })}
            helperText={errors['body.name'] ?? t('messages.whatsapp.templateNameHelp')}
            error={Boolean(errors['body.name'])}
            disabled={!canEdit}
          />
          <TextField
            id="whatsapp-template-language"
            label={t('messages.whatsapp.templateLanguage')}
            value={row.language}
            onChange={(e) => setRow({ ...row, language: e.target.value })}
            helperText={errors['body.language']}
            error={Boolean(errors['body.language'])}
            disabled={!canEdit}
          />
        </FieldRow>
        <TextField
          id="whatsapp-template-parameters"
          label={t('messages.whatsapp.parameters')}
          value={row.parameters}
          onChange={(e) => setRow({ ...row, parameters: e.target.value })}
          helperText={
            errors['body.parameters'] ??
            errors['body.body'] ??
            t('messages.whatsapp.parametersHelp', { list: whatsappParameters.join(', ') })
          }
          error={Boolean(errors['body.parameters'] ?? errors['body.body'])}
          disabled={!canEdit}
        />
        <Alert severity="info">
          {t('messages.whatsapp.suggested', {
            name: suggested.name,
            parameters: suggested.parameters.join(', '),
          })}
          <Typography variant="body2" component="p" sx={{ mt: 1 }}>
            en: {suggested.body.en}
          </Typography>
          <Typography variant="body2" component="p" lang="hi">
            hi: {suggested.body.hi}
          </Typography>
        </Alert>
        {canEdit && (
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              onClick={() =>
                setRow({ ...row, name: suggested.name, parameters: suggested.parameters.join(', ') })
              }
            >
              {t('messages.whatsapp.useSuggested')}
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={busy}>
              {t('messages.whatsapp.saveTemplate')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
