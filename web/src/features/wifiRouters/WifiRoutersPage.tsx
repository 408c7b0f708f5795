import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '../../lib/dates';
import { wifiRouterInputSchema } from '@app/contract/wifi';
import type { WifiRouter, WifiRouterInput } from '@app/contract/wifi';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FieldRow } from '../../lib/form/FieldRow';
import { NumberInput, SwitchInput, TextInput } from '../../lib/form/fields';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { useSessionView } from '../../lib/useSession';
import { wifiRouterResource } from './resource';

type Values = WifiRouterInput;
type Output = z.output<typeof wifiRouterInputSchema>;

const defaults = { name: '', address: '', secret: '', coaPort: 3799, status: true };

function toValues(row: WifiRouter): Values {
  // The secret field stays empty on Edit: empty keeps the current one.
  return { name: row.name, address: row.address, secret: '', coaPort: row.coaPort, status: row.status };
}

function RouterFields({
  form,
  row,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  row: WifiRouter | null;
}) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      <TextInput control={control} name="name" label={t('wifi.routers.name')} required autoFocus />
      <FieldRow>
        <TextInput
          control={control}
          name="address"
          label={t('wifi.routers.address')}
          helperText={t('wifi.routers.addressHelp')}
          required
        />
        <NumberInput
          control={control}
          name="coaPort"
          label={t('wifi.routers.coaPort')}
          helperText={t('wifi.routers.coaPortHelp')}
        />
      </FieldRow>
      <TextInput
        control={control}
        name="secret"
        label={t('wifi.routers.secret')}
        helperText={row === null ? t('wifi.routers.secretHelpAdd') : t('wifi.routers.secretHelpEdit')}
      />
      <SwitchInput control={control} name="status" label={t('wifi.routers.status')} />
    </>
  );
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
      schema={wifiRouterInputSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form, row) => <RouterFields form={form} row={row} />}
    />
  );
}
