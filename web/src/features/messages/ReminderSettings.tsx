import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import {
  messageChannels,
  providerChannels,
  templateEvents,
  type ProviderChannel,
} from '@app/contract/messageNames';
import type { MessageSettings, Provider } from '@app/contract/messages';
import { ApiError } from '../../lib/api';
import { errorMessage, saidInLanguage } from '../../lib/errorMessage';
import { FieldRow } from '../../lib/form/FieldRow';
import { PageSpinner } from '../../lib/PageSpinner';
import { hasPermission } from '../../lib/session';
import { getMessageSettings, saveMessageSettings } from './messagesApi';
import { headersToText, textToHeaders } from './providerHeaders';
import { TemplateEditor } from './TemplateEditor';
import { WhatsAppCloudSettings, WhatsAppTemplates } from './WhatsAppCloudSettings';

type Draft = {
  days: string;
  quietStart: string;
  quietEnd: string;
  channels: MessageSettings['channels'];
  events: MessageSettings['events'];
  providers: Record<ProviderChannel, Omit<Provider, 'headers'> & { headers: string }>;
  guardianAfterDays: string;
};

const toDraft = (s: MessageSettings): Draft => ({
  days: s.daysBefore.join(', '),
  quietStart: s.quietStart ?? '',
  quietEnd: s.quietEnd ?? '',
  channels: s.channels,
  events: s.events,
  providers: {
    sms: { ...s.sms, headers: headersToText(s.sms.headers) },
    whatsapp: { ...s.whatsapp, headers: headersToText(s.whatsapp.headers) },
  },
  guardianAfterDays: s.guardianAfterDays === null ? '' : String(s.guardianAfterDays),
});

const fromDraft = (d: Draft): MessageSettings => ({
  daysBefore: d.days
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number),
  quietStart: d.quietStart.trim() || null,
  quietEnd: d.quietEnd.trim() || null,
  channels: d.channels,
  events: d.events,
  sms: { ...d.providers.sms, headers: textToHeaders(d.providers.sms.headers) },
  whatsapp: { ...d.providers.whatsapp, headers: textToHeaders(d.providers.whatsapp.headers) },
  guardianAfterDays: d.guardianAfterDays.trim() === '' ? null : Number(d.guardianAfterDays),
});

const toggle = <T,>(list: readonly T[], value: T, on: boolean) =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

/** Reminder settings: days before expiry, quiet hours, channels, providers, then the templates. */
export function ReminderSettings() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const canEdit = hasPermission('messages', 'edit');
  const settings = useQuery({
    queryKey: ['messageSettings'],
    queryFn: ({ signal }) => getMessageSettings(signal),
    meta: { handlesError: true },
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (settings.data) setDraft(toDraft(settings.data));
  }, [settings.data]);

  if (settings.isError) return <Alert severity="error">{errorMessage(settings.error)}</Alert>;
  if (!draft) return <PageSpinner />;

  const fieldError = (path: string) => fieldErrors[`body.${path}`];
  const days = ['daysBefore', 'daysBefore.0', 'daysBefore.1', 'daysBefore.2'].map(fieldError).find(Boolean);
  const setProvider = (channel: ProviderChannel, patch: Partial<Draft['providers']['sms']>) =>
    setDraft({
      ...draft,
      providers: { ...draft.providers, [channel]: { ...draft.providers[channel], ...patch } },
    });

  const save = async () => {
    setProblem(null);
    setFieldErrors({});
    setSaving(true);
    try {
      const saved = await saveMessageSettings(fromDraft(draft));
      queryClient.setQueryData(['messageSettings'], saved);
      enqueueSnackbar(t('notify.updated'), { variant: 'success' });
    } catch (error) {
      setProblem(errorMessage(error));
      if (error instanceof ApiError && error.details) {
        setFieldErrors(Object.fromEntries(error.details.map((d) => [d.path, saidInLanguage(d)])));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 860 }}>
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack spacing={2.5}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <Typography variant="h6" component="h2">
            {t('messages.settings.when')}
          </Typography>
          <FieldRow columns={3}>
            <TextField
              id="message-days"
              label={t('messages.settings.days')}
              value={draft.days}
              onChange={(e) => setDraft({ ...draft, days: e.target.value })}
              helperText={days ?? t('messages.settings.daysHelp')}
              error={Boolean(days)}
              disabled={!canEdit}
            />
            <TextField
              id="message-quiet-start"
              label={t('messages.settings.quietStart')}
              placeholder="21:00"
              value={draft.quietStart}
              onChange={(e) => setDraft({ ...draft, quietStart: e.target.value })}
              helperText={fieldError('quietStart') ?? t('messages.settings.quietHelp')}
              error={Boolean(fieldError('quietStart'))}
              disabled={!canEdit}
            />
            <TextField
              id="message-quiet-end"
              label={t('messages.settings.quietEnd')}
              placeholder="08:00"
              value={draft.quietEnd}
              onChange={(e) => setDraft({ ...draft, quietEnd: e.target.value })}
              helperText={fieldError('quietEnd')}
              error={Boolean(fieldError('quietEnd'))}
              disabled={!canEdit}
            />
          </FieldRow>
          <TextField
            id="message-guardian-days"
            label={t('messages.settings.guardianAfterDays')}
            value={draft.guardianAfterDays}
            onChange={(e) => setDraft({ ...draft, guardianAfterDays: e.target.value })}
            helperText={fieldError('guardianAfterDays') ?? t('messages.settings.guardianHelp')}
            error={Boolean(fieldError('guardianAfterDays'))}
            disabled={!canEdit}
            sx={{ maxWidth: 360 }}
          />
          <FormGroup row aria-labelledby="message-channels-label">
            <FormLabel id="message-channels-label" sx={{ width: '100%' }}>
              {t('messages.settings.channels')}
            </FormLabel>
            {messageChannels.map((c) => (
              <FormControlLabel
                key={c}
                label={t(`messages.channels.${c}`)}
                control={
                  <Checkbox
                    checked={draft.channels.includes(c)}
                    onChange={(e) =>
                      setDraft({ ...draft, channels: toggle(draft.channels, c, e.target.checked) })
                    }
                    disabled={!canEdit}
                  />
                }
              />
            ))}
          </FormGroup>
          <FormGroup row aria-labelledby="message-events-label">
            <FormLabel id="message-events-label" sx={{ width: '100%' }}>
              {t('messages.settings.events')}
            </FormLabel>
            {templateEvents.map((e) => (
              <FormControlLabel
                key={e}
                label={t(`messages.events.${e}`)}
                control={
                  <Checkbox
                    checked={draft.events.includes(e)}
                    onChange={(ev) =>
                      setDraft({ ...draft, events: toggle(draft.events, e, ev.target.checked) })
                    }
                    disabled={!canEdit}
                  />
                }
              />
            ))}
          </FormGroup>
          {providerChannels.map((channel) => (
            <Stack key={channel} spacing={2}>
              <Typography variant="h6" component="h2">
                {t('messages.settings.provider', { channel: t(`messages.channels.${channel}`) })}
              </Typography>
              <FieldRow columns={3}>
                <TextField
                  id={`${channel}-url`}
                  label={t('messages.settings.url')}
                  value={draft.providers[channel].url}
                  onChange={(e) => setProvider(channel, { url: e.target.value })}
                  helperText={
                    fieldError(`${channel}.url`) ?? t('messages.settings.urlHelp', { example: '{{to}}' })
                  }
                  error={Boolean(fieldError(`${channel}.url`))}
                  disabled={!canEdit}
                  sx={{ gridColumn: { sm: 'span 2' } }}
                />
                <TextField
                  id={`${channel}-method`}
                  select
                  label={t('messages.settings.method')}
                  value={draft.providers[channel].method}
                  onChange={(e) => setProvider(channel, { method: e.target.value as Provider['method'] })}
                  disabled={!canEdit}
                >
                  {['POST', 'PUT', 'GET'].map((m) => (
                    <MenuItem key={m} value={m}>
                      {m}
                    </MenuItem>
                  ))}
                </TextField>
              </FieldRow>
              <TextField
                id={`${channel}-headers`}
                label={t('messages.settings.headers')}
                multiline
                minRows={2}
                value={draft.providers[channel].headers}
                onChange={(e) => setProvider(channel, { headers: e.target.value })}
                helperText={fieldError(`${channel}.headers`) ?? t('messages.settings.headersHelp')}
                error={Boolean(fieldError(`${channel}.headers`))}
                disabled={!canEdit}
              />
              <TextField
                id={`${channel}-body`}
                label={t('messages.settings.body')}
                multiline
                minRows={2}
                value={draft.providers[channel].body}
                onChange={(e) => setProvider(channel, { body: e.target.value })}
                helperText={t('messages.settings.bodyHelp', { list: '{{to}} {{text}} {{subject}}' })}
                disabled={!canEdit}
              />
            </Stack>
          ))}
          {canEdit && (
            <Button type="submit" variant="contained" disabled={saving} sx={{ alignSelf: 'flex-start' }}>
              {t('messages.settings.save')}
            </Button>
          )}
        </Stack>
      </Paper>
      <WhatsAppCloudSettings />
      <WhatsAppTemplates />
      <TemplateEditor />
    </Stack>
  );
}
