import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '../../lib/dates';
import type { WifiRouter } from '@app/contract/wifi';
import { useTranslation } from 'react-i18next';
import { lazySchema } from '../../lib/form/lazySchema';
import { PartSuspense, lazyPart } from '../../lib/lazyPart';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { useSessionView } from '../../lib/useSession';
import type { RouterOutput as Output, RouterValues as Values } from './RouterFields';
import { wifiRouterResource } from './resource';

// The form's schema and fields are downloaded when it first opens, not with the list (issue 21).
const loadRouterSchema = lazySchema(() =>
  import('@app/contract/wifi').then((contract) => contract.wifiRouterInputSchema),
);
const RouterFields = lazyPart(() => import('./RouterFields'), 'RouterFields');

const defaults = { name: '', address: '', secret: '', coaPort: 3799, status: true };

function toValues(row: WifiRouter): Values {
  // The secret field stays empty on Edit: empty keeps the current one.
  return { name: row.name, address: row.address, secret: '', coaPort: row.coaPort, status: row.status };
}

/** Routers (/app/wifiRouters): the branch's RADIUS clients, with the secret staff type into each. */
export function WifiRoutersPage() {
  const { t } = useTranslation();
  const { activeBranch } = useSessionView();
  const columns = useMemo<GridColDef<WifiRouter>[]>(() => {
    return [
      { field: 'name', headerName: t('wifi.routers.name'), flex: 1, minWidth: 160 },
      { field: 'address', headerName: t('wifi.routers.address'), width: 150 },
      {
        field: 'secret',
        headerName: t('wifi.routers.secret'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        renderCell: ({ value }) => <code>{value as string}</code>,
      },
      {
        field: 'coaPort',
        headerName: t('wifi.routers.coaPort'),
        type: 'number',
        width: 130,
        sortable: false,
      },
      {
        field: 'lastSeenAt',
        headerName: t('wifi.routers.lastSeen'),
        width: 180,
        sortable: false,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value) : t('wifi.routers.never')),
      },
      { field: 'status', headerName: t('table.status'), width: 110 },
      createdAtColumn<WifiRouter>(t),
    ];
  }, [t]);
  const filters = useMemo(() => [statusFilter(t)], [t]);
  const branch = activeBranch?.name;

  return (
    <ResourcePage<WifiRouter, Values, Output>
      resource={wifiRouterResource}
      texts={{
        title: t('wifi.routers.title'),
        subtitle:
          branch === undefined ? t('wifi.routers.subtitle') : t('wifi.routers.subtitleBranch', { branch }),
        add: t('wifi.routers.add'),
        addTitle: t('wifi.routers.addTitle'),
        editTitle: t('wifi.routers.editTitle'),
        emptyTitle: t('wifi.routers.emptyTitle'),
        emptyText: t('wifi.routers.emptyText'),
      }}
      columns={columns}
      filters={filters}
      hiddenColumns={['createdAt']}
      rowName={(row) => row.name}
      schema={loadRouterSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form, row) => (
        <PartSuspense>
          <RouterFields form={form} row={row} />
        </PartSuspense>
      )}
    />
  );
}
