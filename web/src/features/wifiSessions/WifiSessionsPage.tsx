import { useEffect, useMemo, useRef, useState } from 'react';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { displayLocale, formatDateTime } from '../../lib/dates';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WifiSession } from '@app/contract/wifi';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/errorMessage';
import { ConfirmDialog } from '../../lib/form/ConfirmDialog';
import { PageHeader } from '../../lib/PageHeader';
import { hasPermission } from '../../lib/session';
import { ResourceTable, type RowAction } from '../../lib/table/ResourceTable';
import type { TableFilter } from '../../lib/table/tableContext';
import { resourceKey } from '../../lib/table/useResourceList';
import { formatBytes } from './bytes';
import { wifiSessionResource } from './resource';
import { disconnectSession } from './wifiApi';

const statusColour = { pending: 'info', acked: 'success', nacked: 'warning', failed: 'error' } as const;

/** The latest Disconnect-Request of a session: what happened to it, with the router's error on hover. */
function DisconnectChip({ session }: { session: WifiSession }) {
  const { t } = useTranslation();
  const d = session.disconnect;
  if (d === null) return null;
  const label = t(`wifi.sessions.disconnect.${d.status}`);
  const detail = [t(`wifi.sessions.reasons.${d.reason}`), d.lastError].filter(Boolean).join(' · ');
  return (
    <Tooltip title={detail}>
      <Chip size="small" variant="outlined" color={statusColour[d.status]} label={label} />
    </Tooltip>
  );
}

/** Live sessions (/app/wifiSessions): who is online on the branch's routers, with Disconnect. */
export function WifiSessionsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<WifiSession | null>(null);
  const canDisconnect = hasPermission('wifiSessions', 'edit');
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKey(wifiSessionResource) });
  // The page opens on who is online now; the Show filter's All (no parameter) lists ended ones too.
  // Only a bare address (the menu link) is pointed there, once: All afterwards stays All.
  const [params, setParams] = useSearchParams();
  const opening = useRef(params.toString() === '');
  useEffect(() => {
    if (!opening.current) return;
    opening.current = false;
    setParams({ online: 'true' }, { replace: true });
  }, [setParams]);

  const disconnect = useMutation({
    mutationFn: (session: WifiSession) => disconnectSession(session.id),
    onSuccess: (session) => {
      const status = session.disconnect?.status ?? 'pending';
      enqueueSnackbar(t(`wifi.sessions.disconnectResult.${status}`, { name: session.memberName }), {
        variant: status === 'acked' ? 'success' : status === 'pending' ? 'info' : 'warning',
      });
      setAsking(null);
      void refresh();
    },
    onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
  });

  const columns = useMemo<GridColDef<WifiSession>[]>(() => {
    const locale = displayLocale();
    const bytes = (value: number) => formatBytes(value, locale);
    return [
      {
        field: 'memberName',
        headerName: t('wifi.sessions.member'),
        flex: 1,
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <RouterLink to={`/app/UserProfile/${row.userId}`}>{row.memberName}</RouterLink>
        ),
      },
      { field: 'mobile', headerName: t('wifi.sessions.username'), width: 140, sortable: false },
      {
        field: 'startedAt',
        headerName: t('wifi.sessions.since'),
        width: 180,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'outputBytes',
        headerName: t('wifi.sessions.download'),
        type: 'number',
        width: 120,
        sortable: false,
        valueFormatter: (value: number) => bytes(value),
      },
      {
        field: 'inputBytes',
        headerName: t('wifi.sessions.upload'),
        type: 'number',
        width: 120,
        sortable: false,
        valueFormatter: (value: number) => bytes(value),
      },
      { field: 'routerName', headerName: t('wifi.sessions.router'), width: 150, sortable: false },
      { field: 'framedIp', headerName: t('wifi.sessions.ip'), width: 130, sortable: false },
      {
        field: 'stoppedAt',
        headerName: t('wifi.sessions.ended'),
        width: 180,
        sortable: false,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value) : t('wifi.sessions.online')),
      },
      {
        field: 'disconnect',
        headerName: t('wifi.sessions.disconnectColumn'),
        width: 150,
        sortable: false,
        valueGetter: (_value, row) => row.disconnect?.status ?? '',
        renderCell: ({ row }) => <DisconnectChip session={row} />,
      },
    ];
  }, [t]);

  const filters = useMemo<TableFilter[]>(
    () => [
      {
        name: 'online',
        label: t('wifi.sessions.show'),
        options: [
          { value: 'true', label: t('wifi.sessions.onlineOnly') },
          { value: 'false', label: t('wifi.sessions.endedOnly') },
        ],
      },
    ],
    [t],
  );

  const rowActions = useMemo<RowAction<WifiSession>[]>(
    () =>
      canDisconnect
        ? [
            {
              key: 'disconnect',
              label: t('wifi.sessions.disconnectAction'),
              icon: <LinkOffOutlined />,
              onClick: setAsking,
              shown: (row) => row.stoppedAt === null && row.disconnect?.status !== 'pending',
            },
          ]
        : [],
    [t, canDisconnect],
  );

  return (
    <>
      <PageHeader title={t('wifi.sessions.title')} subtitle={t('wifi.sessions.subtitle')} />
      <ResourceTable<WifiSession>
        resource={wifiSessionResource}
        title={t('wifi.sessions.title')}
        columns={columns}
        filters={filters}
        hiddenColumns={['framedIp']}
        emptyTitle={t('wifi.sessions.emptyTitle')}
        emptyText={t('wifi.sessions.emptyText')}
        addLabel=""
        rowActions={rowActions}
        toolbarExtra={
          <Button size="small" startIcon={<RefreshOutlined />} onClick={() => void refresh()}>
            {t('wifi.sessions.refresh')}
          </Button>
        }
      />
      <ConfirmDialog
        open={asking !== null}
        title={t('wifi.sessions.confirmTitle')}
        text={t('wifi.sessions.confirmText', {
          name: asking?.memberName ?? '',
          router: asking?.routerName ?? '',
        })}
        confirmLabel={t('wifi.sessions.disconnectAction')}
        cancelLabel={t('resourceForm.cancel')}
        busy={disconnect.isPending}
        destructive
        onConfirm={() => asking && disconnect.mutate(asking)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
