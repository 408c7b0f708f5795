import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errorMessage';
import { useSnackbar } from '../../lib/notify/notify';
import { hasPermission } from '../../lib/session';
import { ConfirmDialog } from '../../lib/form/ConfirmDialog';
import { copyText } from '../../lib/secureContext';
import { createMemberLink, revokeMemberLink } from './portalApi';

/**
 * "Member link" on the member profile (issue 37): makes the member's personal page link (a new one
 * ends the old), shows it once to copy, or ends it. The server keeps no copy of the link to show
 * again: it goes out in the receipt message and the reminders as {memberLink}.
 */
export function MemberLinkAction({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);
  const create = useMutation({
    mutationFn: (send: boolean) => createMemberLink(userId, send),
    onSuccess: (link, send) => {
      setUrl(link.url);
      if (send) {
        // An e-mail without a mail server only reaches the server's log: said as the outbox says it.
        const delivered = link.sent - link.logged;
        const text =
          link.sent === 0
            ? t('memberLink.notSent')
            : delivered === 0
              ? t('memberLink.logged')
              : link.logged > 0
                ? t('memberLink.sentSomeLogged', { count: delivered })
                : t('memberLink.sent', { count: link.sent });
        enqueueSnackbar(text, { variant: delivered > 0 && link.logged === 0 ? 'success' : 'warning' });
      }
    },
    onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
  });
  const revoke = useMutation({
    mutationFn: () => revokeMemberLink(userId),
    onSuccess: () => {
      setUrl(null);
      setEnding(false);
      setOpen(false);
      enqueueSnackbar(t('memberLink.revoked', { name }), { variant: 'success' });
    },
    onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
  });
  if (!hasPermission('users', 'edit')) return null;
  const copy = async () => {
    if (!url) return;
    // Also on a plain-HTTP desk, which has no Clipboard API (issue 41, point 1).
    if (await copyText(url)) enqueueSnackbar(t('memberLink.copied'), { variant: 'success' });
    else enqueueSnackbar(t('memberLink.copyFailed'), { variant: 'warning' });
  };
  const close = () => {
    setOpen(false);
    setUrl(null);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<LinkOutlined />} onClick={() => setOpen(true)}>
        {t('memberLink.action')}
      </Button>
      <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="member-link-title">
        <DialogTitle id="member-link-title">{t('memberLink.title', { name })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">
            {t('memberLink.explain', { placeholder: '{{memberLink}}' })}
          </Typography>
          {url && (
            <TextField
              label={t('memberLink.url')}
              value={url}
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'member-link-url' } }}
              onFocus={(e) => e.target.select()}
              fullWidth
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button color="error" onClick={() => setEnding(true)} disabled={revoke.isPending}>
            {t('memberLink.revoke')}
          </Button>
          <Button onClick={close}>{t('memberLink.close')}</Button>
          {url ? (
            <Button variant="contained" onClick={() => void copy()}>
              {t('memberLink.copy')}
            </Button>
          ) : (
            <>
              <Button onClick={() => create.mutate(false)} disabled={create.isPending}>
                {t('memberLink.create')}
              </Button>
              <Button variant="contained" onClick={() => create.mutate(true)} disabled={create.isPending}>
                {t('memberLink.createAndSend')}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
      {/* Ending a link cannot be undone: the member's page stops working, so it asks first. */}
      <ConfirmDialog
        open={ending}
        title={t('memberLink.revokeTitle', { name })}
        text={t('memberLink.revokeText', { name })}
        confirmLabel={t('memberLink.revoke')}
        cancelLabel={t('memberLink.keep')}
        onConfirm={() => revoke.mutate()}
        onCancel={() => setEnding(false)}
        busy={revoke.isPending}
        destructive
      />
    </>
  );
}
