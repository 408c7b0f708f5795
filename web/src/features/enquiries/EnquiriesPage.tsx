import { useMemo, useState } from 'react';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import type { GridColDef } from '@mui/x-data-grid';
import { enquiryStatuses } from '@app/contract/enquiryNames';
import type { Enquiry, EnquiryInput, enquiryInputSchema } from '@app/contract/enquiries';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { hasPermission } from '../../lib/session';
import { createdAtColumn } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import type { RowAction } from '../../lib/table/ResourceTable';
import type { TableFilter } from '../../lib/table/tableContext';
import { useSessionView } from '../../lib/useSession';
import { lazySchema } from '../../lib/form/lazySchema';
import { OpenedOnce, PartSuspense, lazyPart } from '../../lib/lazyPart';
import { EnquiryStatusChip, FollowUpCell, NameCell } from './cells';
import { displayLocale, orgToday } from '../../lib/dates';
import { useFeeStructureOptions } from './options';
import { isReadOnly } from './presentation';
import { enquiryResource } from './resource';

type Values = EnquiryInput;
type Output = z.output<typeof enquiryInputSchema>;

// The form's schema, fields and the convert dialog are downloaded when first opened, not with the
// list (issue 21).
const loadEnquirySchema = lazySchema(() =>
  import('@app/contract/enquiries').then((contract) => contract.enquiryInputSchema),
);
const EnquiryFields = lazyPart(() => import('./EnquiryFields'), 'EnquiryFields');
const ConvertEnquiryDialog = lazyPart(() => import('./ConvertEnquiryDialog'), 'ConvertEnquiryDialog');

const defaults: Values = {
  name: '',
  mobile: '',
  email: null,
  source: 'walkIn',
  feeStructureId: null,
  followUpDate: null,
  status: 'new',
  notes: '',
};

function toValues(row: Enquiry): Values {
  return {
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    source: row.source,
    feeStructureId: row.feeStructureId,
    followUpDate: row.followUpDate,
    // Never converted here: converted rows offer no Edit.
    status: row.status === 'converted' ? 'new' : row.status,
    notes: row.notes,
  };
}

export function EnquiriesPage() {
  const { t } = useTranslation();
  const { activeBranch } = useSessionView();
  const feeStructures = useFeeStructureOptions();
  const [converting, setConverting] = useState<{ row: Enquiry | null; open: boolean }>({
    row: null,
    open: false,
  });
  // Read once per visit; a page left open past midnight still marks the day it was opened.
  const [today] = useState(() => orgToday());
  const locale = displayLocale();
  const canConvert = hasPermission('enquiries', 'edit') && hasPermission('users', 'add');

  const columns = useMemo<GridColDef<Enquiry>[]>(() => {
    const feeStructureName = new Map((feeStructures.data ?? []).map((s) => [s.id, s.name]));
    return [
      {
        field: 'name',
        headerName: t('enquiries.name'),
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => <NameCell enquiry={row} />,
      },
      { field: 'mobile', headerName: t('enquiries.mobile'), width: 130 },
      { field: 'email', headerName: t('enquiries.email'), flex: 1, minWidth: 180 },
      {
        field: 'source',
        headerName: t('enquiries.source'),
        width: 110,
        valueGetter: (value: Enquiry['source']) => t(`enquiries.sources.${value}`),
      },
      {
        field: 'feeStructureId',
        headerName: t('enquiries.feeStructure'),
        flex: 1,
        minWidth: 140,
        valueGetter: (value: number | null) =>
          value === null ? '' : (feeStructureName.get(value) ?? `#${value}`),
      },
      {
        field: 'followUpDate',
        headerName: t('enquiries.followUpDate'),
        // The date and the Overdue mark, also in German ('Überfällig').
        width: 205,
        renderCell: ({ row }) => <FollowUpCell enquiry={row} today={today} locale={locale} />,
      },
      {
        field: 'status',
        headerName: t('enquiries.status'),
        width: 140,
        renderCell: ({ row }) => <EnquiryStatusChip status={row.status} />,
      },
      { field: 'notes', headerName: t('enquiries.notes'), flex: 1, minWidth: 180 },
      createdAtColumn<Enquiry>(t),
    ];
  }, [t, feeStructures.data, today, locale]);

  const filters = useMemo<TableFilter[]>(
    () => [
      {
        name: 'status',
        label: t('enquiries.status'),
        options: enquiryStatuses.map((status) => ({
          value: status,
          label: t(`enquiries.statuses.${status}`),
        })),
      },
      {
        name: 'followUp',
        label: t('enquiries.followUp'),
        options: [
          { value: 'today', label: t('enquiries.followUps.today') },
          { value: 'overdue', label: t('enquiries.followUps.overdue') },
        ],
      },
    ],
    [t],
  );

  const rowActions = useMemo<RowAction<Enquiry>[]>(
    () =>
      canConvert
        ? [
            {
              key: 'convert',
              label: t('enquiries.convert'),
              icon: <PersonAddAlt1Outlined />,
              onClick: (row) => setConverting({ row, open: true }),
              shown: (row) => !isReadOnly(row),
            },
          ]
        : [],
    [canConvert, t],
  );

  const branchName = activeBranch?.name;
  return (
    <>
      <ResourcePage<Enquiry, Values, Output>
        resource={enquiryResource}
        texts={{
          title: t('enquiries.title'),
          subtitle:
            branchName === undefined
              ? t('enquiries.subtitle')
              : t('enquiries.subtitleBranch', { branch: branchName }),
          add: t('enquiries.add'),
          addTitle: t('enquiries.addTitle'),
          editTitle: t('enquiries.editTitle'),
          emptyTitle: t('enquiries.emptyTitle'),
          emptyText: t('enquiries.emptyText'),
        }}
        columns={columns}
        filters={filters}
        hiddenColumns={['email', 'notes', 'createdAt']}
        rowName={(row) => row.name}
        schema={loadEnquirySchema}
        defaults={defaults}
        toValues={toValues}
        readOnlyRow={isReadOnly}
        rowActions={rowActions}
        renderFields={(form) => (
          <PartSuspense>
            <EnquiryFields form={form} feeStructures={feeStructures.data ?? []} />
          </PartSuspense>
        )}
      />
      <OpenedOnce open={converting.open}>
        <ConvertEnquiryDialog
          enquiry={converting.row}
          open={converting.open}
          today={today}
          onClose={() => setConverting((c) => ({ ...c, open: false }))}
        />
      </OpenedOnce>
    </>
  );
}
