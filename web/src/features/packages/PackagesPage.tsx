import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { packageInputSchema } from '@app/contract/packages';
import type { Package, PackageInput } from '@app/contract/packages';
import type { TFunction } from 'i18next';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FieldRow } from '../../lib/form/FieldRow';
import { NumberInput, SwitchInput, TextInput } from '../../lib/form/fields';
import { readOrgMoney } from '../../lib/form/money';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { useQuery } from '@tanstack/react-query';
import { useSessionView } from '../../lib/useSession';
import { formatBytes } from '../wifiSessions/bytes';
import { fetchPackageUsage, packageUsageKey } from '../wifiSessions/wifiApi';
import { packageResource } from './resource';

type Values = PackageInput;
type Output = z.output<typeof packageInputSchema>;

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
  const number = new Intl.NumberFormat(readOrgMoney().locale, { maximumFractionDigits: 3 });
  return {
    speed: (mbps: number) => `${number.format(mbps)} ${t('packages.mbps')}`,
    data: (gb: number) => (gb === 0 ? t('packages.unlimited') : `${number.format(gb)} ${t('packages.gb')}`),
    session: (minutes: number) =>
      minutes === 0 ? t('packages.unlimited') : t('packages.minutes', { count: minutes }),
  };
}

function PackageFields({ form }: { form: UseFormReturn<Values, unknown, Output> }) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      <TextInput control={control} name="packageName" label={t('packages.packageName')} required autoFocus />
      <TextInput
        control={control}
        name="uniqueName"
        label={t('packages.uniqueName')}
        helperText={t('packages.uniqueNameHelp')}
      />
      <FieldRow>
        <NumberInput
          control={control}
          name="downloadSpeed"
          label={t('packages.downloadSpeedLabel')}
          unit={t('packages.mbps')}
          decimals
          required
        />
        <NumberInput
          control={control}
          name="uploadSpeed"
          label={t('packages.uploadSpeedLabel')}
          unit={t('packages.mbps')}
          decimals
          required
        />
      </FieldRow>
      <FieldRow>
        <NumberInput
          control={control}
          name="totalData"
          label={t('packages.totalDataLabel')}
          unit={t('packages.gb')}
          helperText={t('packages.totalDataHelp')}
          decimals
        />
        <NumberInput
          control={control}
          name="sessionTime"
          label={t('packages.sessionTimeLabel')}
          unit={t('packages.minutesUnit')}
          helperText={t('packages.sessionTimeHelp')}
        />
      </FieldRow>
      <NumberInput
        control={control}
        name="devicesPerMember"
        label={t('wifi.packages.devicesPerMember')}
        helperText={t('wifi.packages.devicesPerMemberHelp')}
      />
      <SwitchInput control={control} name="status" label={t('packages.status')} />
    </>
  );
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
    const locale = readOrgMoney().locale;
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
      schema={packageInputSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form) => <PackageFields form={form} />}
    />
  );
}
