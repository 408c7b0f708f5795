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
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CheckInRules, Kiosk } from '@app/contract/kiosk';
import { del, get, post, put } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { formatDateTime } from '../../lib/dates';
import { ConfirmDialog } from '../../lib/form/ConfirmDialog';
import { useOrgMoney } from '../../lib/form/money';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { useSnackbar } from '../../lib/notify/notify';
import { hasPermission } from '../../lib/session';

const kiosksKey = ['kiosk', 'getKiosks'];
const rulesKey = ['kiosk', 'getRules'];

// The rules form (zod, its fields) is downloaded when first opened, not with the devices (issue 21).
const CheckInRulesDialog = lazyPart(() => import('./CheckInRulesDialog'), 'CheckInRulesDialog');

/**
 * The organisation's check-in rules (issue 47, point 4), the door's and the entrance screens': the
 * margin around a member's window and the dues above which entry is refused; Change for staff who
 * may edit devices.
 */
function CheckInRulesSection() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const money = useOrgMoney();
  const [editing, setEditing] = useState(false);
  const rules = useQuery({
    queryKey: rulesKey,
    queryFn: ({ signal }) => get<CheckInRules>('/kiosk/getRules', { signal }),
    meta: { handlesError: true },
  });
  return (
    <Box sx={{ mt: 1, mb: 1 }} data-testid="check-in-rules">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1, minWidth: 0, fontWeight: 500 }}>
          {t('kiosk.rules.title')}
        </Typography>
        {hasPermission('devices', 'edit') && rules.data && (
          <Button startIcon={<RuleOutlined />} onClick={() => setEditing(true)}>
            {t('kiosk.rules.change')}
          </Button>
        )}
      </Box>
      {rules.isPending && <Skeleton variant="text" width={280} />}
      {rules.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void rules.refetch()}>
              {t('kiosk.rules.retry')}
            </Button>
          }
        >
          {errorMessage(rules.error)}
        </Alert>
      )}
      {rules.data && (
        <Typography color="text.secondary" data-testid="check-in-rules-summary">
          {t('kiosk.rules.marginSummary', { count: rules.data.marginMinutes })}
          {' · '}
          {rules.data.duesLimit === null
            ? t('kiosk.rules.noDuesLimit')
            : t('kiosk.rules.duesLimitSummary', { amount: money.format(rules.data.duesLimit) })}
        </Typography>
      )}
      {rules.data && (
        <OpenedOnce open={editing}>
          <CheckInRulesDialog
            open={editing}
            rules={rules.data}
            onClose={() => setEditing(false)}
            onSubmit={async (values) => {
              const saved = await put<CheckInRules>('/kiosk/updateRules', values);
              queryClient.setQueryData(rulesKey, saved);
              enqueueSnackbar(t('kiosk.rules.saved'), { variant: 'success' });
            }}
          />
        </OpenedOnce>
      )}
    </Box>
  );
}

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
      <CheckInRulesSection />
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
