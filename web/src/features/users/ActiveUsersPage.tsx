import { useMemo, useState } from 'react';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { User } from '@app/contract/users';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { ConfirmDialog } from '../../lib/form/ConfirmDialog';
import { useOrgMoney } from '../../lib/form/money';
import { canRecordPayments } from '../payments/paymentApi';
import { hasPermission } from '../../lib/session';
import { ResourcePage } from '../../lib/table/ResourcePage';
import type { RowAction } from '../../lib/table/ResourceTable';
import type { TableFilter } from '../../lib/table/tableContext';
import { useSessionView } from '../../lib/useSession';
import { formatDate } from '../../lib/dates';
import { BadgeChip, ProfileLink, ValidityCell, windowText } from './cells';
import { orgToday } from '../../lib/dates';
import { ImportMembersButton } from './import/ImportMembersButton';
import { loadMemberSchema, memberDefaults, memberToValues } from './memberValues';
import type { MemberOutput, MemberValues } from './memberValues';
import { OpenedOnce, PartSuspense, lazyPart } from '../../lib/lazyPart';
import { useMemberLookups } from './options';
import { activeUserResource } from './resource';
import { useMemberStatus } from './useMemberStatus';

const expiringChoices = [3, 7, 15, 30];

// Downloaded when first opened, not with the list (issue 21's weight of /app/users).
const MemberFields = lazyPart(() => import('./MemberFields'), 'MemberFields');
const RecordPaymentDialog = lazyPart(() => import('../payments/RecordPaymentDialog'), 'RecordPaymentDialog');

/** Active Users (/app/users and /app/usersV2): the branch's members whose status is on. */
export function ActiveUsersPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { activeBranch } = useSessionView();
  const lookups = useMemberLookups();
  const { deactivate } = useMemberStatus();
  // The row stays after the question closes, so its text does not change while it fades out.
  const [asking, setAsking] = useState<{ user: User | null; open: boolean }>({ user: null, open: false });
  const [paying, setPaying] = useState<User | null>(null);
  const money = useOrgMoney();
  const today = orgToday();

  const columns = useMemo<GridColDef<User>[]>(() => {
    const roomName = new Map(lookups.rooms.map((room) => [room.id, room.name]));
    const packageName = new Map(lookups.packages.map((p) => [p.id, p.packageName]));
    const feeStructureName = new Map(lookups.feeStructures.map((f) => [f.id, f.name]));
    const seatText = (row: User) =>
      row.roomId === null || row.seatNumber === null
        ? null
        : t('members.seatShort', {
            room: roomName.get(row.roomId) ?? `#${row.roomId}`,
            number: row.seatNumber,
          });
    return [
      {
        field: 'name',
        headerName: t('members.name'),
        flex: 1,
        minWidth: 130,
        renderCell: ({ row }) => <ProfileLink user={row} />,
      },
      { field: 'mobile', headerName: t('members.mobile'), width: 120 },
      { field: 'email', headerName: t('members.email'), flex: 1, minWidth: 180 },
      {
        field: 'validFrom',
        headerName: t('members.validFrom'),
        width: 130,
        valueFormatter: (value: string) => formatDate(value),
      },
      {
        field: 'validTill',
        headerName: t('members.validTill'),
        width: 240,
        renderCell: ({ row }) => <ValidityCell user={row} today={today} />,
      },
      {
        field: 'dues',
        headerName: t('payments.due'),
        type: 'number',
        width: 110,
        sortable: false,
        valueFormatter: (value: number) => (value > 0 ? money.format(value) : ''),
      },
      {
        field: 'entryTime',
        headerName: t('members.window'),
        width: 185,
        sortable: false,
        valueGetter: (_value, row) => windowText(t, row),
      },
      {
        field: 'seatNumber',
        headerName: t('members.seat'),
        width: 155,
        valueGetter: (_value, row) => seatText(row) ?? '',
        renderCell: ({ row }) => <BadgeChip label={seatText(row)} />,
      },
      {
        field: 'packageId',
        headerName: t('members.package'),
        width: 140,
        sortable: false,
        valueGetter: (value: number | null) =>
          value === null ? '' : (packageName.get(value) ?? `#${value}`),
        renderCell: ({ value }) => <BadgeChip label={value === '' ? null : (value as string)} />,
      },
      {
        field: 'feeStructureId',
        headerName: t('members.feeStructure'),
        width: 170,
        sortable: false,
        valueGetter: (value: number | null) =>
          value === null ? '' : (feeStructureName.get(value) ?? `#${value}`),
      },
      {
        field: 'addedToBiometricMachine',
        headerName: t('members.filterBiometric'),
        width: 110,
        sortable: false,
        valueGetter: (value: boolean) => (value ? t('members.yes') : t('members.no')),
      },
      {
        field: 'joinedOn',
        headerName: t('members.joinedOn'),
        width: 130,
        valueFormatter: (value: string) => formatDate(value),
      },
    ];
  }, [t, today, lookups.rooms, lookups.packages, lookups.feeStructures, money]);

  const filters = useMemo<TableFilter[]>(() => {
    const list: TableFilter[] = [
      {
        name: 'expiringWithinDays',
        label: t('members.filterExpiring'),
        options: expiringChoices.map((days) => ({
          value: String(days),
          label: t('members.withinDays', { count: days }),
        })),
      },
    ];
    const catalogue = [
      {
        name: 'roomId',
        label: t('members.room'),
        items: lookups.rooms.map((r) => ({ id: r.id, name: r.name })),
      },
      {
        name: 'packageId',
        label: t('members.package'),
        items: lookups.packages.map((p) => ({ id: p.id, name: p.packageName })),
      },
      {
        name: 'feeStructureId',
        label: t('members.feeStructure'),
        items: lookups.feeStructures.map((f) => ({ id: f.id, name: f.name })),
      },
    ];
    for (const { name, label, items } of catalogue) {
      // A filter without choices would only take space.
      if (items.length > 0) {
        list.push({
          name,
          label,
          options: items.map((item) => ({ value: String(item.id), label: item.name })),
        });
      }
    }
    list.push({
      name: 'addedToBiometricMachine',
      label: t('members.filterBiometric'),
      options: [
        { value: 'true', label: t('members.yes') },
        { value: 'false', label: t('members.no') },
      ],
    });
    // Members in a pause today (issue 45, point 4).
    list.push({
      name: 'paused',
      label: t('members.filterPaused'),
      options: [
        { value: 'true', label: t('members.pausedNow') },
        { value: 'false', label: t('members.notPaused') },
      ],
    });
    return list;
  }, [t, lookups.rooms, lookups.packages, lookups.feeStructures]);

  const rowActions = useMemo<RowAction<User>[]>(() => {
    const actions: RowAction<User>[] = [
      {
        key: 'profile',
        label: t('members.viewProfile'),
        icon: <PersonOutlined />,
        onClick: (row) => void navigate(`/app/UserProfile/${row.userId}`),
      },
    ];
    if (canRecordPayments()) {
      actions.push({
        key: 'renew',
        label: t('payments.renew'),
        icon: <PaymentsOutlined />,
        onClick: setPaying,
      });
    }
    if (hasPermission('users', 'edit')) {
      actions.push({
        key: 'deactivate',
        label: t('members.deactivate'),
        icon: <PersonOffOutlined />,
        onClick: (row) => setAsking({ user: row, open: true }),
      });
    }
    return actions;
  }, [t, navigate]);

  const confirmDeactivate = async () => {
    if (asking.user === null) return;
    try {
      await deactivate.mutateAsync(asking.user);
    } catch {
      // The mutation announced the server's message.
    }
    setAsking((a) => ({ ...a, open: false }));
  };

  const branch = activeBranch?.name;
  return (
    <>
      <ResourcePage<User, MemberValues, MemberOutput>
        resource={activeUserResource}
        texts={{
          title: t('members.title'),
          subtitle: branch === undefined ? t('members.subtitleNoBranch') : t('members.subtitle', { branch }),
          add: t('members.add'),
          addTitle: t('members.addTitle'),
          editTitle: t('members.editTitle'),
          emptyTitle: t('members.emptyTitle'),
          emptyText: t('members.emptyText'),
        }}
        columns={columns}
        filters={filters}
        // Email is searchable and on the profile; hidden so the row actions fit at 1280 px.
        hiddenColumns={['email', 'validFrom', 'feeStructureId', 'addedToBiometricMachine', 'joinedOn']}
        rowName={(row) => row.name}
        schema={loadMemberSchema}
        defaults={memberDefaults(today)}
        toValues={memberToValues}
        renderFields={(form, row) => (
          <PartSuspense>
            <MemberFields form={form} member={row} askFirstPeriod />
          </PartSuspense>
        )}
        formWidth="md"
        toolbarExtra={<ImportMembersButton />}
        rowActions={rowActions}
        // Paying the first period now: the form ends in Record payment for it (issue 41, point 2).
        onCreated={(row) => {
          if (row.firstPeriod === 'pay' && row.dues > 0 && canRecordPayments()) setPaying(row);
        }}
        deleteTexts={{
          title: t('members.deleteTitle'),
          text: (name) => t('members.deleteText', { name }),
          confirm: t('resourceForm.delete'),
        }}
      />
      <OpenedOnce open={paying !== null}>
        <RecordPaymentDialog open={paying !== null} member={paying} onClose={() => setPaying(null)} />
      </OpenedOnce>
      <ConfirmDialog
        open={asking.open}
        title={t('members.deactivateTitle')}
        text={t('members.deactivateText', { name: asking.user?.name ?? '' })}
        confirmLabel={t('members.deactivate')}
        cancelLabel={t('resourceForm.cancel')}
        busy={deactivate.isPending}
        destructive
        onConfirm={() => void confirmDeactivate()}
        onCancel={() => {
          setAsking((a) => ({ ...a, open: false }));
          enqueueSnackbar(t('notify.canceled'), { variant: 'info' });
        }}
      />
    </>
  );
}
