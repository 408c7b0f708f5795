import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { bankAccountInputSchema } from '@app/contract/bankAccounts';
import { FormDialog } from '../../lib/form/FormDialog';
import { formErrorMap } from '../../lib/form/messages';
import { renderPage } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { BankAccountFields, type BankAccountOutput, type BankAccountValues } from './BankAccountFields';

// The bank account form's UPI part (issue 45, point 3): the merchant category code and the hint that
// app-opened payments to a personal UPI id may be refused.
afterEach(() => clearTestSession());

function Dialog({ onSubmit }: { onSubmit: (v: BankAccountOutput) => Promise<unknown> }) {
  const form = useForm<BankAccountValues, unknown, BankAccountOutput>({
    resolver: zodResolver(bankAccountInputSchema, { error: formErrorMap }),
    defaultValues: {
      accountName: 'Current',
      bankName: 'HDFC',
      accountNumber: '5020001',
      ifsc: '',
      upiId: 'library@hdfc',
      upiMerchantCode: '',
      openingBalance: 0,
      branchId: null,
      status: true,
    },
  });
  return (
    <FormDialog open title="Edit Bank Account" form={form} onSubmit={onSubmit} onCancel={() => undefined}>
      <BankAccountFields form={form} />
    </FormDialog>
  );
}

describe('the bank account form', () => {
  it('recommends a business UPI id and takes its 4-digit merchant category code', async () => {
    storeTestSession();
    const onSubmit = vi.fn(async (_v: BankAccountOutput) => undefined);
    renderPage(<Dialog onSubmit={onSubmit} />, '/app/bank-accounts');
    expect(await screen.findByText(/Prefer a business \(merchant\) UPI ID/)).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Merchant category code' });
    fireEvent.change(code, { target: { value: '79' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use the 4 digits the bank gave')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: '7997' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ upiId: 'library@hdfc', upiMerchantCode: '7997' });
  });
});
