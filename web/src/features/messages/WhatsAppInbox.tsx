import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WhatsAppInbound } from '@app/contract/whatsapp';
import { formatDateTime } from '../../lib/dates';
import { EmptyState } from '../../lib/EmptyState';
import { errorMessage } from '../../lib/errorMessage';
import { useSnackbar } from '../../lib/notify/notify';
import { hasPermission } from '../../lib/session';
import { getWhatsAppInbound, sendWhatsAppReply } from './whatsappApi';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Members' WhatsApp messages to the organisation's number (issue 46), newest first; STOP and START
 * marked. Staff answer in free text inside 24 hours of the member's message.
 */
export function WhatsAppInbox() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const canEdit = hasPermission('messages', 'edit');
  const inbox = useQuery({
    queryKey: ['whatsappInbound'],
    queryFn: ({ signal }) => getWhatsAppInbound(signal),
  });
  const [replyTo, setReplyTo] = useState<WhatsAppInbound | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  if (inbox.isError) return <Alert severity="error">{errorMessage(inbox.error)}</Alert>;
  const items = inbox.data?.items ?? [];
  if (inbox.data && items.length === 0) {
    return (
      <EmptyState title={t('messages.whatsapp.inboxEmpty')} text={t('messages.whatsapp.inboxEmptyText')} />
    );
  }
  const send = async () => {
    if (!replyTo?.userId) return;
    setBusy(true);
    try {
      await sendWhatsAppReply(replyTo.userId, text);
      enqueueSnackbar(t('messages.whatsapp.replyQueued'), { variant: 'success' });
      setReplyTo(null);
      setText('');
      await queryClient.invalidateQueries({ queryKey: ['whatsappInbound'] });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const open = (m: WhatsAppInbound) => Date.now() - new Date(m.receivedAt).getTime() < dayMs;

  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('messages.whatsapp.inbox')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('messages.whatsapp.receivedAt')}</TableCell>
            <TableCell>{t('messages.whatsapp.from')}</TableCell>
            <TableCell>{t('messages.body')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((m) => (
            <TableRow key={m.id}>
              <TableCell>{formatDateTime(m.receivedAt)}</TableCell>
              <TableCell>{m.memberName ?? `+${m.from}`}</TableCell>
              <TableCell>
                {m.body}{' '}
                {m.action && (
                  <Chip
                    size="small"
                    color={m.action === 'optOut' ? 'warning' : 'success'}
                    label={t(`messages.whatsapp.${m.action}`)}
                  />
                )}
              </TableCell>
              <TableCell align="right">
                {canEdit && m.userId !== null && open(m) && (
                  <Button size="small" onClick={() => setReplyTo(m)}>
                    {t('messages.whatsapp.reply')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={replyTo !== null} onClose={() => setReplyTo(null)} fullWidth maxWidth="sm">
        <DialogTitle>{t('messages.whatsapp.replyTitle', { name: replyTo?.memberName ?? '' })}</DialogTitle>
        <DialogContent>
          <TextField
            id="whatsapp-reply-text"
            label={t('messages.whatsapp.replyText')}
            multiline
            minRows={3}
            fullWidth
            value={text}
            onChange={(e) => setText(e.target.value)}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReplyTo(null)}>{t('messages.whatsapp.cancel')}</Button>
          <Button variant="contained" onClick={() => void send()} disabled={busy || text.trim() === ''}>
            {t('messages.whatsapp.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
