import { bankAccountSortFields } from '@app/contract/listNames';
import type { BankAccount } from '@app/contract/bankAccounts';
import { defineResource } from '../../lib/table/resource';

export const bankAccountResource = defineResource<BankAccount>({
  name: 'bankAccount',
  label: 'BankAccount',
  plural: 'BankAccounts',
  module: 'bankAccounts',
  sortFields: bankAccountSortFields,
  filterNames: ['status'],
});
