import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { messageChannels, messageLanguages } from '@app/contract/messageNames';
import type { MemberMessagePrefs } from '@app/contract/messages';
import { errorMessage } from '../../lib/errorMessage';
import { hasPermission } from '../../lib/session';
import { getMemberMessagePrefs, saveMemberMessagePrefs } from './messagesApi';

/** On the member's profile: the language of their messages and the channels they opted out of. */
export function MemberMessagePrefsCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const canEdit = hasPermission('users', 'edit');
  const prefs = useQuery({
    queryKey: ['memberMessagePrefs', userId],
    queryFn: ({ signal }) => getMemberMessagePrefs(userId, signal),
  });
  const [draft, setDraft] = useState<MemberMessagePrefs | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (prefs.data) setDraft(prefs.data);
  }, [prefs.data]);

  const save = async () => {
    if (!draft) return;
    setProblem(null);
    setSaving(true);
    try {
      const saved = await saveMemberMessagePrefs(draft);
      queryClient.setQueryData(['memberMessagePrefs', userId], saved);
      enqueueSnackbar(t('notify.updated'), { variant: 'success' });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="member-messages-title">
      <Typography id="member-messages-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('messages.prefs.title')}
      </Typography>
      {prefs.isError && <Alert severity="error">{errorMessage(prefs.error)}</Alert>}
      {!draft && !prefs.isError && <Skeleton variant="rounded" height={96} />}
      {draft && (
        <Stack spacing={2}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField
            id="member-message-language"
            select
            label={t('messages.prefs.language')}
            value={draft.language}
            onChange={(e) =>
              setDraft({ ...draft, language: e.target.value as MemberMessagePrefs['language'] })
            }
            disabled={!canEdit}
          >
            {messageLanguages.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`messages.languages.${l}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormGroup row aria-labelledby="member-opt-out-label">
            <FormLabel id="member-opt-out-label" sx={{ width: '100%' }}>
              {t('messages.prefs.optOut')}
            </FormLabel>
            {messageChannels.map((c) => (
              <FormControlLabel
                key={c}
                label={t(`messages.channels.${c}`)}
                control={
                  <Checkbox
                    checked={draft.optOut.includes(c)}
                    disabled={!canEdit}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        optOut: e.target.checked
                          ? [...draft.optOut.filter((o) => o !== c), c]
                          : draft.optOut.filter((o) => o !== c),
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <TextField
            id="member-guardian-name"
            label={t('messages.prefs.guardianName')}
            value={draft.guardianName ?? ''}
            onChange={(e) => setDraft({ ...draft, guardianName: e.target.value || null })}
            disabled={!canEdit}
          />
          <TextField
            id="member-guardian-mobile"
            label={t('messages.prefs.guardianMobile')}
            value={draft.guardianMobile ?? ''}
            onChange={(e) => setDraft({ ...draft, guardianMobile: e.target.value || null })}
            helperText={t('messages.prefs.guardianHelp')}
            disabled={!canEdit}
          />
          {canEdit && (
            <Button
              variant="outlined"
              onClick={() => void save()}
              disabled={saving}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('messages.prefs.save')}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
