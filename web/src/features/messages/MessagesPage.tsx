import { useMemo, useState } from 'react';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Alert from '@mui/material/Alert';
import { formatDateTime } from '../../lib/dates';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Message } from '@app/contract/messages';
import {
  messageChannels,
  messageEvents,
  messageStatuses,
  type MessageStatus,
} from '@app/contract/messageNames';
import { errorMessage } from '../../lib/errorMessage';
import { PageHeader } from '../../lib/PageHeader';
import { hasPermission } from '../../lib/session';
import { ResourceTable, type RowAction } from '../../lib/table/ResourceTable';
import type { TableFilter } from '../../lib/table/tableContext';
import { resourceKey } from '../../lib/table/useResourceList';
import { PartSuspense, lazyPart } from '../../lib/lazyPart';
import { getMessageSettings, retryMessage } from './messagesApi';
import { messageResource } from './resource';

// The settings tab is downloaded when first shown, not with the outbox (issue 21).
const ReminderSettings = lazyPart(() => import('./ReminderSettings'), 'ReminderSettings');
const WhatsAppInbox = lazyPart(() => import('./WhatsAppInbox'), 'WhatsAppInbox');

const deliveryColour: Record<NonNullable<Message['delivery']>, 'default' | 'success' | 'info' | 'error'> = {
  sent: 'default',
  delivered: 'info',
  read: 'success',
  failed: 'error',
};

const statusColour: Record<MessageStatus, 'default' | 'success' | 'info' | 'warning' | 'error'> = {
  queued: 'default',
  sent: 'success',
  // Kept in the server's log only (no mail server): done, but nobody received it.
  logged: 'info',
  failed: 'warning',
  gaveUp: 'error',
};

/** Messages (/app/messages): the branch's outbox with filters and Retry; reminder settings in a tab. */
export function MessagesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab = tabParam === 'settings' || tabParam === 'replies' ? tabParam : 'outbox';
  return (
    <>
      <PageHeader title={t('messages.title')} subtitle={t('messages.subtitle')} />
      <Tabs
        value={tab}
        onChange={(_, value: string) => setParams(value === 'outbox' ? {} : { tab: value })}
        sx={{ mb: 2 }}
      >
        <Tab value="outbox" label={t('messages.outbox')} />
        <Tab value="replies" label={t('messages.inboxTab')} />
        <Tab value="settings" label={t('messages.settingsTab')} />
      </Tabs>
      {tab === 'outbox' && <Outbox />}
      {tab === 'replies' && (
        <PartSuspense>
          <WhatsAppInbox />
        </PartSuspense>
      )}
      {tab === 'settings' && (
        <PartSuspense>
          <ReminderSettings />
        </PartSuspense>
      )}
    </>
  );
}

function Outbox() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  // The settings say whether e-mail leaves at all (the settings tab reads the same answer).
  const settings = useQuery({
    queryKey: ['messageSettings'],
    queryFn: ({ signal }) => getMessageSettings(signal),
  });
  const columns = useMemo<GridColDef<Message>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('messages.created'),
        width: 190,
        valueFormatter: (v: string | null) => formatDateTime(v),
      },
      {
        field: 'event',
        headerName: t('messages.event'),
        width: 160,
        sortable: false,
        valueFormatter: (v: Message['event']) => t(`messages.events.${v}`),
      },
      {
        field: 'channel',
        headerName: t('messages.channel'),
        width: 100,
        sortable: false,
        valueFormatter: (v: Message['channel']) => t(`messages.channels.${v}`),
      },
      { field: 'recipient', headerName: t('messages.recipient'), width: 180, sortable: false },
      { field: 'subject', headerName: t('messages.subject'), flex: 1, minWidth: 200, sortable: false },
      {
        field: 'status',
        headerName: t('messages.status'),
        // Wide enough for "Logged, no mail server" (and "Nur protokolliert") when the grid shrinks it;
        // channel, recipient and attempts gave the room, so Actions still fits at 1366 px.
        width: 230,
        // WhatsApp's own report (Cloud API, issue 46: sent, delivered, read or failed) beside it: a
        // column of its own pushed Actions out of sight at 1366 px.
        renderCell: ({ row }) => (
          <>
            <Tooltip title={row.status === 'logged' ? t('messages.noMailServer') : (row.lastError ?? '')}>
              <Chip
                size="small"
                color={statusColour[row.status]}
                label={t(`messages.statuses.${row.status}`)}
              />
            </Tooltip>
            {row.delivery && (
              <Chip
                size="small"
                variant="outlined"
                sx={{ ml: 0.5 }}
                color={deliveryColour[row.delivery]}
                label={t(`messages.deliveries.${row.delivery}`)}
                aria-label={`${t('messages.delivery')}: ${t(`messages.deliveries.${row.delivery}`)}`}
              />
            )}
          </>
        ),
      },
      { field: 'attempts', headerName: t('messages.attempts'), type: 'number', width: 90, sortable: false },
      { field: 'lastError', headerName: t('messages.lastError'), width: 220, sortable: false },
      {
        field: 'sentAt',
        headerName: t('messages.sentAt'),
        width: 170,
        valueFormatter: (v: string | null) => formatDateTime(v),
      },
      { field: 'body', headerName: t('messages.body'), width: 300, sortable: false },
    ],
    [t],
  );
  const filters = useMemo<TableFilter[]>(
    () => [
      {
        name: 'status',
        label: t('messages.status'),
        options: messageStatuses.map((s) => ({ value: s, label: t(`messages.statuses.${s}`) })),
      },
      {
        name: 'channel',
        label: t('messages.channel'),
        options: messageChannels.map((c) => ({ value: c, label: t(`messages.channels.${c}`) })),
      },
      {
        name: 'event',
        label: t('messages.event'),
        options: messageEvents.map((e) => ({ value: e, label: t(`messages.events.${e}`) })),
      },
      { name: 'from', label: t('payments.from'), kind: 'date', options: [] },
      { name: 'to', label: t('payments.to'), kind: 'date', options: [] },
    ],
    [t],
  );
  const actions: RowAction<Message>[] = hasPermission('messages', 'edit')
    ? [
        {
          key: 'retry',
          label: t('messages.retry'),
          icon: <ReplayOutlined />,
          shown: (row) => (row.status === 'failed' || row.status === 'gaveUp') && busy !== row.id,
          onClick: (row) => {
            setBusy(row.id);
            retryMessage(row.id)
              .then(async () => {
                await queryClient.invalidateQueries({ queryKey: resourceKey(messageResource) });
                enqueueSnackbar(t('messages.retried'), { variant: 'success' });
              })
              .catch((error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }))
              .finally(() => setBusy(null));
          },
        },
      ]
    : [];
  return (
    <>
      {settings.data?.mailServer === false && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('messages.noMailServer')}
        </Alert>
      )}
      <ResourceTable<Message>
        resource={messageResource}
        title={t('messages.title')}
        columns={columns}
        filters={filters}
        hiddenColumns={['lastError', 'body', 'sentAt']}
        emptyTitle={t('messages.emptyTitle')}
        emptyText={t('messages.emptyText')}
        addLabel=""
        rowActions={actions}
      />
    </>
  );
}
