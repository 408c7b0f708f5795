import { describe, expect, it } from 'vitest';
import { saleStatusColour, saleTotal, stockPercent } from './sales';
import { marketChange } from './market';

describe('sale and market colours', () => {
  it('colours the chip and stock bar by status, anything else default', () => {
    expect(saleStatusColour('Error')).toBe('error');
    expect(saleStatusColour('Warning')).toBe('warning');
    expect(saleStatusColour('Info')).toBe('info');
    expect(saleStatusColour('Success')).toBe('success');
    expect(saleStatusColour('Default')).toBe('default');
    expect(saleStatusColour('Paid')).toBe('default');
  });

  it('fills the stock bar with currentStock / totalStock * 100 and writes the total with ,00', () => {
    expect(stockPercent(30, 120)).toBe(25);
    expect(stockPercent(5, 0)).toBe(0);
    expect(saleTotal(120)).toBe('$120,00');
  });

  it('shows a green up arrow, a red down arrow, otherwise a flat 0%', () => {
    expect(marketChange('up', 2.5)).toEqual({ colour: 'success', arrow: 'up', text: '2.5%' });
    expect(marketChange('down', -1.2)).toEqual({ colour: 'error', arrow: 'down', text: '1.2%' });
    expect(marketChange('stay', 3)).toEqual({ colour: 'default', arrow: null, text: '0%' });
  });
});
