import { describe, expect, it } from 'vitest';
import { upiPayUri } from './portalNames.ts';

describe('upiPayUri', () => {
  it('writes the NPCI link with two decimals and URL-encoded values', () => {
    const uri = upiPayUri({
      upiId: 'demo.library@hdfc',
      payeeName: 'Demo Library & Co',
      amount: 1005,
      reference: 'AB12CD34EF56AB78',
      note: 'Renewal Asha Rao',
    });
    expect(uri).toBe(
      'upi://pay?pa=demo.library%40hdfc&pn=Demo%20Library%20%26%20Co&am=10.05&cu=INR' +
        '&tr=AB12CD34EF56AB78&tn=Renewal%20Asha%20Rao%20AB12CD34EF56AB78',
    );
    for (const [amount, am] of [
      [100, '1.00'],
      [7, '0.07'],
      [180000, '1800.00'],
      [123456789, '1234567.89'],
    ] as const) {
      expect(
        new URL(
          upiPayUri({ upiId: 'a@b', payeeName: 'x', amount, reference: 'R', note: '' }),
        ).searchParams.get('am'),
      ).toBe(am);
    }
  });

  it('keeps the reference whole at the end of a note of at most 50 characters (issue 45, point 3)', () => {
    const uri = new URL(
      upiPayUri({
        upiId: 'a@b',
        payeeName: 'x',
        amount: 100,
        reference: 'AB12CD34EF56AB78',
        note: 'Renewal Venkatanarasimharajuvaripeta Subrahmanyam Lakshmi',
      }),
    );
    const tn = uri.searchParams.get('tn')!;
    expect(tn.length).toBeLessThanOrEqual(50);
    expect(tn).toBe('Renewal Venkatanarasimharajuvarip AB12CD34EF56AB78');
    expect(uri.searchParams.get('tr')).toBe('AB12CD34EF56AB78');
  });

  it('sends mc only for a merchant UPI id', () => {
    const base = { upiId: 'shop@hdfc', payeeName: 'x', amount: 100, reference: 'R1', note: 'Dues' };
    expect(new URL(upiPayUri(base)).searchParams.has('mc')).toBe(false);
    expect(new URL(upiPayUri({ ...base, merchantCode: '' })).searchParams.has('mc')).toBe(false);
    const merchant = upiPayUri({ ...base, merchantCode: '7997' });
    expect(merchant).toBe('upi://pay?pa=shop%40hdfc&pn=x&mc=7997&am=1.00&cu=INR&tr=R1&tn=Dues%20R1');
  });
});
