import { useMemo, useState } from 'react';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import type { BankAccount } from '@app/contract/bankAccounts';
import { useTranslation } from 'react-i18next';
import { lazySchema } from '../../lib/form/lazySchema';
import { OpenedOnce, PartSuspense, lazyPart } from '../../lib/lazyPart';
import { useOrgMoney } from '../../lib/form/money';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { bankAccountResource } from './resource';
import { useSessionView } from '../../lib/useSession';
import { hasPermission } from '../../lib/session';
import { useOptions } from '../../lib/table/useOptions';
import type { BankAccountOutput as Output, BankAccountValues as Values } from './BankAccountFields';

// The form's schema and fields, and the transfer dialog, are downloaded when first opened, not
// with the list (issue 21).
const loadBankAccountSchema = lazySchema(() =>
  import('@app/contract/bankAccounts').then((contract) => contract.bankAccountInputSchema),
);
const BankAccountFields = lazyPart(() => import('./BankAccountFields'), 'BankAccountFields');
const TransferDialog = lazyPart(() => import('./TransferDialog'), 'TransferDialog');
const ImportStatementDialog = lazyPart(
  () => import('./statementLines/ImportStatementDialog'),
  'ImportStatementDialog',
);

const defaults: Values = {
  accountName: '',
  bankName: '',
  accountNumber: '',
  ifsc: '',
  upiId: '',
  upiMerchantCode: '',
  openingBalance: 0,
  branchId: null,
  status: true,
};

function toValues(row: BankAccount): Values {
  return {
    accountName: row.accountName,
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    ifsc: row.ifsc,
    upiId: row.upiId,
    upiMerchantCode: row.upiMerchantCode,
    openingBalance: row.openingBalance,
    branchId: row.branchId,
    status: row.status,
  };
}

export function BankAccountsPage() {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const { branches } = useSessionView();
  const columns = useMemo<GridColDef<BankAccount>[]>(
    () => [
      { field: 'accountName', headerName: t('bankAccounts.accountName'), flex: 1, minWidth: 200 },
      {
        field: 'kind',
        headerName: t('bankAccounts.kind'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) =>
          row.kind === 'cash' ? <Chip size="small" label={t('bankAccounts.cash')} /> : t('bankAccounts.bank'),
      },
      { field: 'bankName', headerName: t('bankAccounts.bankName'), flex: 1, minWidth: 130 },
      {
        field: 'accountNumber',
        headerName: t('bankAccounts.accountNumber'),
        width: 170,
        renderCell: ({ value }) => (
          <Box component="span" sx={{ fontFamily: 'monospace', letterSpacing: 0.5 }}>
            {value as string}
          </Box>
        ),
      },
      { field: 'ifsc', headerName: t('bankAccounts.ifsc'), width: 140 },
      { field: 'upiId', headerName: t('bankAccounts.upiId'), width: 160 },
      {
        field: 'openingBalance',
        headerName: t('bankAccounts.openingBalance'),
        type: 'number',
        width: 170,
        valueFormatter: (value: number) => money.format(value),
      },
      {
        field: 'balance',
        headerName: t('bankAccounts.balance'),
        type: 'number',
        width: 150,
        valueFormatter: (value: number) => money.format(value),
      },
      {
        field: 'branchId',
        headerName: t('bankAccounts.branch'),
        width: 160,
        valueFormatter: (value: number | null) =>
          value === null
            ? t('bankAccounts.wholeOrganisation')
            : (branches.find((branch) => branch.id === value)?.name ?? `#${value}`),
      },
      { field: 'status', headerName: t('table.status'), width: 110 },
      createdAtColumn<BankAccount>(t),
    ],
    [t, money, branches],
  );
  const filters = useMemo(() => [statusFilter(t)], [t]);
  const navigate = useNavigate();
  const [transferring, setTransferring] = useState(false);
  const [importingTo, setImportingTo] = useState<BankAccount | null>(null);
  const accounts = useOptions(bankAccountResource, 'accountName');

  return (
    <ResourcePage<BankAccount, Values, Output>
      resource={bankAccountResource}
      texts={{
        title: t('bankAccounts.title'),
        subtitle: t('bankAccounts.subtitle'),
        add: t('bankAccounts.add'),
        addTitle: t('bankAccounts.addTitle'),
        editTitle: t('bankAccounts.editTitle'),
        emptyTitle: t('bankAccounts.emptyTitle'),
        emptyText: t('bankAccounts.emptyText'),
      }}
      columns={columns}
      filters={filters}
      hiddenColumns={['upiId', 'ifsc', 'createdAt']}
      rowName={(row) => row.accountName}
      schema={loadBankAccountSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form) => (
        <PartSuspense>
          <BankAccountFields form={form} />
        </PartSuspense>
      )}
      formWidth="md"
      rowActions={[
        {
          key: 'statement',
          label: t('statement.action'),
          icon: <ReceiptLongOutlined />,
          onClick: (row) => void navigate(`/app/bankAccounts/${row.id}/statement`),
        },
        {
          key: 'importStatement',
          label: t('bankStatement.import'),
          icon: <UploadFileOutlined />,
          // A bank's statement (issue 44, point 6); a cash account has none.
          shown: (row) => row.kind === 'bank' && hasPermission('bankAccounts', 'add'),
          onClick: setImportingTo,
        },
      ]}
      toolbarExtra={
        hasPermission('bankAccounts', 'add') && (
          <>
            <Button
              variant="outlined"
              startIcon={<SwapHorizOutlined />}
              onClick={() => setTransferring(true)}
            >
              {t('transfer.action')}
            </Button>
            <OpenedOnce open={transferring}>
              <TransferDialog
                open={transferring}
                accounts={accounts.data ?? []}
                onClose={() => setTransferring(false)}
              />
            </OpenedOnce>
            <OpenedOnce open={importingTo !== null}>
              {importingTo && (
                <ImportStatementDialog
                  bankAccountId={importingTo.id}
                  accountName={importingTo.accountName}
                  onClose={() => setImportingTo(null)}
                />
              )}
            </OpenedOnce>
          </>
        )
      }
    />
  );
}
