import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import type { User } from '@app/contract/users';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../lib/PageHeader';
import { hasPermission } from '../../lib/session';
import { ResourceTable } from '../../lib/table/ResourceTable';
import type { TableFilter } from '../../lib/table/tableContext';
import { formatDate } from '../../lib/dates';
import { BadgeChip, ProfileLink } from './cells';
import { orgToday } from '../../lib/dates';
import { useMemberLookups } from './options';
import { ReactivateButton } from './ReactivateButton';
import { canRecordPayments } from '../payments/paymentApi';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { inactiveUserResource } from './resource';
import { useMemberStatus } from './useMemberStatus';

// Downloaded when first opened, not with the list (issue 21).
const RecordPaymentDialog = lazyPart(() => import('../payments/RecordPaymentDialog'), 'RecordPaymentDialog');

/** Inactive Users (/app/inactive_users): members whose validity ended or who were deactivated. */
export function InactiveUsersPage() {
  const { t } = useTranslation();
  const lookups = useMemberLookups();
  const { reactivate } = useMemberStatus();
  const today = orgToday();
  const canPay = canRecordPayments();
  const canEdit = hasPermission('inactiveUsers', 'edit') || canPay;
  const [paying, setPaying] = useState<User | null>(null);
  // On a phone the grid scrolls sideways; Reactivate comes right after the name to stay in reach.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const busyId = reactivate.isPending ? reactivate.variables.userId : null;

  const columns = useMemo<GridColDef<User>[]>(() => {
    const roomName = new Map(lookups.rooms.map((room) => [room.id, room.name]));
    const reasonText = (row: User) =>
      row.inactiveReason === 'deactivated'
        ? t('members.inactive.reasonDeactivated')
        : t('members.inactive.reasonExpired');
    const own: GridColDef<User>[] = [
      {
        field: 'name',
        headerName: t('members.name'),
        flex: 1,
        minWidth: 170,
        renderCell: ({ row }) => <ProfileLink user={row} />,
      },
      { field: 'mobile', headerName: t('members.mobile'), width: 140 },
      {
        field: 'inactiveReason',
        headerName: t('members.inactive.reason'),
        width: 140,
        sortable: false,
        valueGetter: (_value, row) => reasonText(row),
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.inactiveReason === 'deactivated' ? 'default' : 'warning'}
            label={reasonText(row)}
          />
        ),
      },
      {
        field: 'validTill',
        headerName: t('members.validTill'),
        width: 140,
        valueFormatter: (value: string) => formatDate(value),
      },
      {
        field: 'seatNumber',
        headerName: t('members.inactive.lastSeat'),
        width: 160,
        valueGetter: (_value, row) =>
          row.roomId === null || row.seatNumber === null
            ? ''
            : t('members.seatShort', {
                room: roomName.get(row.roomId) ?? `#${row.roomId}`,
                number: row.seatNumber,
              }),
        renderCell: ({ value }) => <BadgeChip label={value === '' ? null : (value as string)} />,
      },
      { field: 'email', headerName: t('members.email'), flex: 1, minWidth: 180 },
    ];
    if (!canEdit) return own;
    const reactivateColumn: GridColDef<User> = {
      field: '__reactivate',
      headerName: t('members.inactive.reactivateColumn'),
      width: 170,
      sortable: false,
      renderCell: ({ row }) => (
        <ReactivateButton
          user={row}
          today={today}
          busy={busyId === row.userId}
          onReactivate={(user) => reactivate.mutate(user)}
          onRenew={canPay ? setPaying : undefined}
        />
      ),
    };
    const [nameColumn, ...rest] = own;
    return narrow ? [nameColumn!, reactivateColumn, ...rest] : [...own, reactivateColumn];
  }, [t, today, lookups.rooms, canEdit, canPay, busyId, reactivate, narrow]);

  const filters = useMemo<TableFilter[]>(
    () => [
      {
        name: 'reason',
        label: t('members.inactive.reason'),
        options: [
          { value: 'expired', label: t('members.inactive.reasonExpired') },
          { value: 'deactivated', label: t('members.inactive.reasonDeactivated') },
        ],
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader title={t('members.inactive.title')} subtitle={t('members.inactive.subtitle')} />
      <ResourceTable<User>
        resource={inactiveUserResource}
        title={t('members.inactive.title')}
        columns={columns}
        filters={filters}
        emptyTitle={t('members.inactive.emptyTitle')}
        emptyText={t('members.inactive.emptyText')}
        addLabel=""
      />
      <OpenedOnce open={paying !== null}>
        <RecordPaymentDialog open={paying !== null} member={paying} onClose={() => setPaying(null)} />
      </OpenedOnce>
    </>
  );
}
