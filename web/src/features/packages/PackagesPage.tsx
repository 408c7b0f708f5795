import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { Package } from '@app/contract/packages';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { lazySchema } from '../../lib/form/lazySchema';
import { PartSuspense, lazyPart } from '../../lib/lazyPart';
import { displayLocale } from '../../lib/dates';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { useQuery } from '@tanstack/react-query';
import { useSessionView } from '../../lib/useSession';
import { formatBytes } from '../wifiSessions/bytes';
import { fetchPackageUsage, packageUsageKey } from '../wifiSessions/wifiApi';
import type { PackageOutput as Output, PackageValues as Values } from './PackageFields';
import { packageResource } from './resource';

// The form's schema and fields are downloaded when it first opens, not with the list (issue 21).
const loadPackageSchema = lazySchema(() =>
  import('@app/contract/packages').then((contract) => contract.packageInputSchema),
);
const PackageFields = lazyPart(() => import('./PackageFields'), 'PackageFields');

const defaults = {
  packageName: '',
  uniqueName: '',
  downloadSpeed: undefined,
  uploadSpeed: undefined,
  sessionTime: 0,
  totalData: 0,
  devicesPerMember: 1,
  status: true,
};

function toValues(row: Package): Values {
  return {
    packageName: row.packageName,
    uniqueName: row.uniqueName,
    downloadSpeed: row.downloadSpeed,
    uploadSpeed: row.uploadSpeed,
    sessionTime: row.sessionTime,
    totalData: row.totalData,
    devicesPerMember: row.devicesPerMember,
    status: row.status,
  };
}

/** Package figures as the table shows them: '50 Mbps', '100 GB', 'Unlimited', '60 min'. */
export function packageFormatters(t: TFunction) {
  const number = new Intl.NumberFormat(displayLocale(), { maximumFractionDigits: 3 });
  return {
    speed: (mbps: number) => `${number.format(mbps)} ${t('packages.mbps')}`,
    data: (gb: number) => (gb === 0 ? t('packages.unlimited') : `${number.format(gb)} ${t('packages.gb')}`),
    session: (minutes: number) =>
      minutes === 0 ? t('packages.unlimited') : t('packages.minutes', { count: minutes }),
  };
}

export function PackagesPage() {
  const { t } = useTranslation();
  const { activeBranch } = useSessionView();
  // WiFi use of the active branch per package (members, online now, data this period).
  const usage = useQuery({
    queryKey: [...packageUsageKey, activeBranch?.id ?? null],
    queryFn: fetchPackageUsage,
    enabled: activeBranch !== null,
  });
  const columns = useMemo<GridColDef<Package>[]>(() => {
    const format = packageFormatters(t);
    const byPackage = new Map((usage.data?.items ?? []).map((item) => [item.packageId, item]));
    const locale = displayLocale();
    return [
      { field: 'packageName', headerName: t('packages.packageName'), flex: 1, minWidth: 160 },
      { field: 'uniqueName', headerName: t('packages.uniqueName'), flex: 1, minWidth: 140 },
      {
        field: 'downloadSpeed',
        headerName: t('packages.downloadSpeed'),
        type: 'number',
        width: 120,
        valueFormatter: (value: number) => format.speed(value),
      },
      {
        field: 'uploadSpeed',
        headerName: t('packages.uploadSpeed'),
        type: 'number',
        width: 120,
        valueFormatter: (value: number) => format.speed(value),
      },
      {
        field: 'totalData',
        headerName: t('packages.totalData'),
        type: 'number',
        width: 110,
        valueFormatter: (value: number) => format.data(value),
      },
      {
        field: 'sessionTime',
        headerName: t('packages.sessionTime'),
        type: 'number',
        width: 110,
        valueFormatter: (value: number) => format.session(value),
      },
      {
        field: 'devicesPerMember',
        headerName: t('wifi.packages.devices'),
        type: 'number',
        width: 100,
        sortable: false,
      },
      {
        field: '__members',
        headerName: t('wifi.packages.members'),
        type: 'number',
        width: 150,
        sortable: false,
        valueGetter: (_value, row) => {
          const item = byPackage.get(row.id);
          return item
            ? t('wifi.packages.membersOnline', { members: item.members, online: item.online })
            : '—';
        },
      },
      {
        field: '__used',
        headerName: t('wifi.packages.used'),
        type: 'number',
        width: 170,
        sortable: false,
        valueGetter: (_value, row) => {
          const item = byPackage.get(row.id);
          if (!item) return '—';
          const used = formatBytes(item.usedBytes, locale);
          return item.membersAtCap > 0
            ? t('wifi.packages.usedAtCap', { used, count: item.membersAtCap })
            : used;
        },
      },
      { field: 'status', headerName: t('table.status'), width: 110 },
      createdAtColumn<Package>(t),
    ];
  }, [t, usage.data]);
  const filters = useMemo(() => [statusFilter(t)], [t]);

  return (
    <ResourcePage<Package, Values, Output>
      resource={packageResource}
      texts={{
        title: t('packages.title'),
        subtitle: t('packages.subtitle'),
        add: t('packages.add'),
        addTitle: t('packages.addTitle'),
        editTitle: t('packages.editTitle'),
        emptyTitle: t('packages.emptyTitle'),
        emptyText: t('packages.emptyText'),
      }}
      columns={columns}
      filters={filters}
      hiddenColumns={['createdAt']}
      rowName={(row) => row.packageName}
      schema={loadPackageSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form) => (
        <PartSuspense>
          <PackageFields form={form} />
        </PartSuspense>
      )}
    />
  );
}
