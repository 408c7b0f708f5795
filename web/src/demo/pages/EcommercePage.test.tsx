import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { EcommercePage } from './EcommercePage';

describe('demo shop page', () => {
  it('counts unique items on the cart badge and totals them; removal subtracts', async () => {
    renderPage(<EcommercePage />, '/app/pages/ecommerce');
    const lamp = await screen.findByRole('button', { name: 'Add to cart: Reading Lamp' });
    fireEvent.click(lamp);
    fireEvent.click(lamp);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Notebook Set' }));
    const cart = screen.getByRole('button', { name: 'Cart' });
    expect(within(cart).getByText('2')).toBeTruthy();
    fireEvent.click(cart);
    expect((await screen.findByTestId('cart-total')).textContent).toBe('$58.97');
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Notebook Set' }));
    expect(screen.getByTestId('cart-total').textContent).toBe('$49.98');
    // The open menu hides the page from the accessibility tree; the badge is behind it.
    expect(within(screen.getByRole('button', { name: 'Cart', hidden: true })).getByText('1')).toBeTruthy();
  });

  it('shows its own source when Show Code is switched on', async () => {
    renderPage(<EcommercePage />, '/app/pages/ecommerce');
    fireEvent.click(await screen.findByRole('switch', { name: 'Show Code' }));
    const source = await screen.findByLabelText('pages/EcommercePage.tsx');
    await screen.findByText(/export function EcommercePage/, { selector: 'pre' });
    expect(source.textContent).toContain("import { DemoPage } from '../shared/DemoPage';");
  });
});
