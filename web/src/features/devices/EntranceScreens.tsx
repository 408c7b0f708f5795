import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Kiosk } from '@app/contract/kiosk';
import { del, get, post } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { formatDateTime } from '../../lib/dates';
import { ConfirmDialog } from '../../lib/form/ConfirmDialog';
import { useSnackbar } from '../../lib/notify/notify';
import { hasPermission } from '../../lib/session';

const kiosksKey = ['kiosk', 'getKiosks'];

/**
 * The branch's entrance screens (issue 47) under its door devices: "Add entrance screen" shows a
 * six-digit code for /kiosk on the entrance device; each screen with its last contact and Revoke.
 */
export function EntranceScreens() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [pairing, setPairing] = useState<{ code: string; expiresAt: string } | null>(null);
  const [revoking, setRevoking] = useState<Kiosk | null>(null);
  const kiosks = useQuery({
    queryKey: kiosksKey,
    queryFn: () => get<{ items: Kiosk[] }>('/kiosk/getKiosks'),
    refetchInterval: 30_000,
  });
  const create = useMutation({
    mutationFn: () => post<{ code: string; expiresAt: string }>('/kiosk/createPairingCode', {}),
    meta: { handlesError: true },
    onSuccess: setPairing,
    onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
  });
  const revoke = useMutation({
    mutationFn: (kioskId: number) => del('/kiosk/revokeKiosk', { query: { kioskId } }),
    meta: { handlesError: true },
    onSuccess: () => {
      enqueueSnackbar(t('kiosk.revokedDone'), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: kiosksKey });
    },
    onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    onSettled: () => setRevoking(null),
  });
  const items = kiosks.data?.items ?? [];
  return (
    <Paper sx={{ mt: 3, p: 2 }} data-testid="entrance-screens">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('kiosk.screens')}
        </Typography>
        {hasPermission('devices', 'edit') && (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            disabled={create.isPending}
            onClick={() => create.mutate()}
          >
            {t('kiosk.add')}
          </Button>
        )}
      </Box>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('kiosk.none')}
        </Typography>
      ) : (
        <List dense>
          {items.map((k) => (
            <ListItem
              key={k.id}
              data-testid={`kiosk-${k.id}`}
              secondaryAction={
                hasPermission('devices', 'delete') && (
                  <Button color="error" onClick={() => setRevoking(k)}>
                    {t('kiosk.revoke')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={k.name || t('kiosk.unnamed', { id: k.id })}
                secondary={t('kiosk.lastContact', {
                  when: k.lastContactAt ? formatDateTime(k.lastContactAt) : t('devices.never'),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={pairing !== null} onClose={() => setPairing(null)}>
        <DialogTitle>{t('kiosk.add')}</DialogTitle>
        <DialogContent>
          <Typography gutterBottom>
            {t('kiosk.addHelp', { address: `${window.location.origin}/kiosk` })}
          </Typography>
          <Typography
            variant="h2"
            component="p"
            data-testid="pairing-code"
            sx={{ letterSpacing: '0.2em', textAlign: 'center', my: 2, fontVariantNumeric: 'tabular-nums' }}
          >
            {pairing?.code}
          </Typography>
          <Typography color="text.secondary">
            {t('kiosk.codeValid', { time: pairing ? formatDateTime(pairing.expiresAt) : '' })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setPairing(null);
              void queryClient.invalidateQueries({ queryKey: kiosksKey });
            }}
          >
            {t('kiosk.done')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        title={t('kiosk.revokeTitle', {
          name: revoking?.name || t('kiosk.unnamed', { id: revoking?.id ?? 0 }),
        })}
        text={t('kiosk.revokeText')}
        confirmLabel={t('kiosk.revoke')}
        cancelLabel={t('resourceForm.cancel')}
        destructive
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoke.mutate(revoking!.id)}
      />
    </Paper>
  );
}
