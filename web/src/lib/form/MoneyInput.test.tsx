import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useForm } from 'react-hook-form';
import '../i18n';
import { writeCookie } from '../session';
import { moneyInputText } from './money';
import { MoneyInput, moneyValue } from './MoneyInput';

describe('moneyValue', () => {
  it.each([
    ['1,500.50', 150050],
    ['1500', 150000],
    ['1,50,000', 15000000],
    ['.5', 50],
    [' 12.3 ', 1230],
    ['0', 0],
  ])('%s is %i minor units', (text, minor) => {
    expect(moneyValue(text, 2)).toBe(minor);
  });

  it('is undefined for an empty field and NaN for what is not an amount', () => {
    expect(moneyValue('', 2)).toBeUndefined();
    expect(moneyValue('   ', 2)).toBeUndefined();
    for (const text of ['abc', '-5', '1,5', '1.234', '1.5.0', '₹100']) {
      expect(moneyValue(text, 2), text).toBeNaN();
    }
  });

  it('follows the currency’s minor digits', () => {
    expect(moneyValue('1,500', 0)).toBe(1500);
    expect(moneyValue('1.5', 0)).toBeNaN();
    expect(moneyValue('1.005', 3)).toBe(1005);
  });
});

describe('moneyInputText', () => {
  it('writes minor units the way the input reads them back', () => {
    expect(moneyInputText(150050, 2)).toBe('1,500.50');
    expect(moneyInputText(5, 2)).toBe('0.05');
    expect(moneyInputText(1500, 0)).toBe('1,500');
    expect(moneyValue(moneyInputText(123456789, 2), 2)).toBe(123456789);
  });
});

let formValue: () => unknown = () => undefined;

function Harness({ amount }: { amount?: number }) {
  const form = useForm<{ amount?: number }>({ defaultValues: { amount } });
  formValue = () => form.getValues('amount');
  return <MoneyInput control={form.control} name="amount" label="Amount" />;
}

afterEach(() => {
  document.cookie = 'clientDetails=; Path=/; Max-Age=0';
});

describe('MoneyInput', () => {
  it('holds minor units in the form and tidies the text when left', () => {
    writeCookie(
      'clientDetails',
      JSON.stringify({
        clientId: 1,
        name: 'Demo',
        currency: 'INR',
        locale: 'en-IN',
        timezone: 'Asia/Kolkata',
      }),
    );
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    expect(screen.getByText('₹')).toBeTruthy();
    fireEvent.change(input, { target: { value: '1500.5' } });
    expect(formValue()).toBe(150050);
    fireEvent.blur(input);
    expect(input.value).toBe('1,500.50');
    fireEvent.change(input, { target: { value: 'twelve' } });
    expect(formValue()).toBeNaN();
    fireEvent.change(input, { target: { value: '' } });
    expect(formValue()).toBeUndefined();
  });

  it('shows a stored amount as text', () => {
    render(<Harness amount={250000} />);
    expect((screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('2,500.00');
  });
});
