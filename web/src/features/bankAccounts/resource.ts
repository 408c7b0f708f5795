import { bankAccountSchema, bankAccountSortFields } from '@app/contract/bankAccounts';
import type { BankAccount } from '@app/contract/bankAccounts';
import { defineResource } from '../../lib/table/resource';

export const bankAccountResource = defineResource<BankAccount>({
  name: 'bankAccount',
  label: 'BankAccount',
  plural: 'BankAccounts',
  module: 'bankAccounts',
  record: bankAccountSchema,
  sortFields: bankAccountSortFields,
  filterNames: ['status'],
});
