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
        '&tr=AB12CD34EF56AB78&tn=Renewal%20Asha%20Rao',
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
});
