import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { Notifications } from '../notify/Notifications';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import '../i18n';
import { ApiError } from '../api';
import { TextInput } from './fields';
import { FormDialog } from './FormDialog';
import { formErrorMap } from './messages';
import { MoneyInput } from './MoneyInput';

const schema = z.object({
  name: z.string().trim().min(1, 'Required'),
  lines: z.array(z.object({ amount: z.number().int().min(1, 'Must be more than 0') })),
});
type Values = z.input<typeof schema>;

function TestDialog({
  onSubmit,
  onCancel = () => undefined,
  values = { name: '', lines: [{ amount: 100 }] },
  submitUnchanged,
}: {
  onSubmit: (values: Values) => Promise<unknown>;
  onCancel?: () => void;
  values?: Values;
  submitUnchanged?: boolean;
}) {
  const form = useForm<Values>({
    resolver: zodResolver(schema, { error: formErrorMap }),
    defaultValues: values,
  });
  return (
    <FormDialog
      open
      title="Add Thing"
      form={form}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitUnchanged={submitUnchanged}
    >
      <TextInput control={form.control} name="name" label="Name" />
      <MoneyInput control={form.control} name="lines.0.amount" label="Amount" />
    </FormDialog>
  );
}

function renderDialog(props: Parameters<typeof TestDialog>[0]) {
  return render(
    <>
      <TestDialog {...props} />
      <Notifications />
    </>,
  );
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const amountField = () => screen.getByRole('textbox', { name: 'Amount' });
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

afterEach(() => vi.restoreAllMocks());

describe('FormDialog', () => {
  it('keeps Save disabled until something changes', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderDialog({ onSubmit });
    expect(saveButton().disabled).toBe(true);
    // Enter on a pristine form sends nothing either.
    fireEvent.keyDown(nameField(), { key: 'Enter' });
    fireEvent.change(nameField(), { target: { value: 'Locker' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers Save on an unchanged form filled from other data, when asked to', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderDialog({ onSubmit, values: { name: 'Filled', lines: [{ amount: 100 }] }, submitUnchanged: true });
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('checks the fields with the schema before sending anything', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderDialog({ onSubmit });
    fireEvent.change(nameField(), { target: { value: '   ' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits on Enter with the checked values, money in minor units', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderDialog({ onSubmit });
    fireEvent.change(nameField(), { target: { value: ' Locker ' } });
    fireEvent.change(amountField(), { target: { value: '1,500.50' } });
    fireEvent.keyDown(amountField(), { key: 'Enter' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]).toEqual([{ name: 'Locker', lines: [{ amount: 150050 }] }]);
  });

  it("puts the server's field problems on the fields, nested ones included", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        status: 400,
        reason: 'VALIDATION_FAILED',
        message: 'The request is not valid.',
        details: [
          { path: 'body.name', message: 'A thing with this name already exists.' },
          { path: 'body.lines.0.amount', message: 'Amount is too large' },
        ],
      });
    });
    renderDialog({ onSubmit });
    fireEvent.change(nameField(), { target: { value: 'Locker' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('A thing with this name already exists.')).toBeTruthy();
    expect(screen.getByText('Amount is too large')).toBeTruthy();
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    // Every problem found its field, so no general message.
    expect(screen.queryByText('The request is not valid.')).toBeNull();
  });

  it("shows the server's message when a problem has no field", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: 409, reason: 'CONFLICT', message: 'Fee type is still in use.' });
    });
    renderDialog({ onSubmit });
    fireEvent.change(nameField(), { target: { value: 'Locker' } });
    fireEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Fee type is still in use.')).toBeTruthy();
  });

  it("cancels with the notice 'Action canceled'", async () => {
    const onCancel = vi.fn();
    renderDialog({ onSubmit: vi.fn(), onCancel });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(await screen.findByText('Action canceled')).toBeTruthy();
  });

  it('asks before throwing away unsaved changes; Esc is the same as Cancel', async () => {
    const onCancel = vi.fn();
    renderDialog({ onSubmit: vi.fn(), onCancel });
    fireEvent.change(nameField(), { target: { value: 'Locker' } });
    fireEvent.keyDown(nameField(), { key: 'Escape' });
    expect(await screen.findByText('Discard changes?')).toBeTruthy();
    expect(onCancel).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText('Discard changes?')).toBeNull());
    expect(nameField()).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(await screen.findByText('Action canceled')).toBeTruthy();
  });

  it('shows a spinner and keeps Save disabled while sending', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderDialog({ onSubmit });
    fireEvent.change(nameField(), { target: { value: 'Locker' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByRole('progressbar', { hidden: true })).toBeTruthy();
    finish();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });
});
