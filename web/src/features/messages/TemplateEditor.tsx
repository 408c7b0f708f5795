import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
  messageLanguages,
  renderTemplate,
  sampleValues,
  templateEvents,
  templateVariables,
  type MessageChannel,
  type MessageLanguage,
  type TemplateEvent,
} from '@app/contract/messageNames';
import { errorMessage } from '../../lib/errorMessage';
import { FieldRow } from '../../lib/form/FieldRow';
import { hasPermission } from '../../lib/session';
import { getMessageTemplates, saveMessageTemplate, sendTestMessage } from './messagesApi';

/** One template at a time (event x language), a live preview with sample values, and a test send. */
export function TemplateEditor() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const canEdit = hasPermission('messages', 'edit');
  const templates = useQuery({
    queryKey: ['messageTemplates'],
    queryFn: ({ signal }) => getMessageTemplates(signal),
  });
  const [event, setEvent] = useState<TemplateEvent>('expiring');
  const [language, setLanguage] = useState<MessageLanguage>('en');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [channel, setChannel] = useState<MessageChannel>('email');
  const [to, setTo] = useState('');
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const current = templates.data?.items.find((i) => i.event === event && i.language === language);
  useEffect(() => {
    if (current) {
      setSubject(current.subject);
      setBody(current.body);
    }
  }, [current]);

  const save = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const saved = await saveMessageTemplate({ event, language, subject, body });
      queryClient.setQueryData(['messageTemplates'], saved);
      enqueueSnackbar(t('notify.updated'), { variant: 'success' });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const test = async () => {
    setTestResult(null);
    setBusy(true);
    try {
      const result = await sendTestMessage({ channel, to, event, language });
      setTestResult(
        result.ok
          ? {
              ok: true,
              text: t(result.logged ? 'messages.templates.testLogged' : 'messages.templates.testSent', {
                to,
              }),
            }
          : { ok: false, text: result.error ?? t('errors.generic') },
      );
    } catch (error) {
      setTestResult({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Typography variant="h6" component="h2">
          {t('messages.templates.title')}
        </Typography>
        {templates.isError && <Alert severity="error">{errorMessage(templates.error)}</Alert>}
        {problem && <Alert severity="error">{problem}</Alert>}
        <FieldRow>
          <TextField
            id="template-event"
            select
            label={t('messages.event')}
            value={event}
            onChange={(e) => setEvent(e.target.value as TemplateEvent)}
          >
            {templateEvents.map((e) => (
              <MenuItem key={e} value={e}>
                {t(`messages.events.${e}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="template-language"
            select
            label={t('messages.language')}
            value={language}
            onChange={(e) => setLanguage(e.target.value as MessageLanguage)}
          >
            {messageLanguages.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`messages.languages.${l}`)}
              </MenuItem>
            ))}
          </TextField>
        </FieldRow>
        <TextField
          id="template-subject"
          label={t('messages.subject')}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          disabled={!canEdit}
        />
        <TextField
          id="template-body"
          label={t('messages.body')}
          multiline
          minRows={3}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          helperText={t('messages.templates.variables', {
            list: templateVariables.map((v) => `{{${v}}}`).join(' '),
          })}
          disabled={!canEdit}
        />
        <Box
          aria-live="polite"
          data-testid="template-preview"
          sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap' }}
        >
          <Typography variant="overline" component="p">
            {t('messages.templates.preview')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{renderTemplate(subject, sampleValues)}</Typography>
          <Typography>{renderTemplate(body, sampleValues)}</Typography>
        </Box>
        {canEdit && (
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={busy || body.trim() === ''}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('messages.templates.save')}
          </Button>
        )}
        {canEdit && (
          <>
            <Typography variant="subtitle1" component="h3">
              {t('messages.templates.testTitle')}
            </Typography>
            <FieldRow columns={3}>
              <TextField
                id="test-channel"
                select
                label={t('messages.channel')}
                value={channel}
                onChange={(e) => setChannel(e.target.value as MessageChannel)}
              >
                {messageChannels.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`messages.channels.${c}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                id="test-to"
                label={t('messages.templates.testTo')}
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
              <Button variant="outlined" onClick={() => void test()} disabled={busy || to.trim().length < 3}>
                {t('messages.templates.testSend')}
              </Button>
            </FieldRow>
            {testResult && <Alert severity={testResult.ok ? 'success' : 'error'}>{testResult.text}</Alert>}
          </>
        )}
      </Stack>
    </Paper>
  );
}
