import { describe, expect, it } from 'vitest';
import {
  addToCart,
  canAdd,
  cartBadgeCount,
  cartTotals,
  checkout,
  parseQuantity,
  removeFromCart,
} from './cart';

const tea = { id: 1, name: 'Tea', thumbnail: '', price: 250 };
const book = { id: 2, name: 'Book', thumbnail: '', price: 1999 };

describe('cart', () => {
  it('raises the quantity when an item already in the cart is added again', () => {
    const cart = addToCart(addToCart([], tea, 2), tea, 3);
    expect(cart).toEqual([{ ...tea, quantity: 5 }]);
  });

  it('counts unique items on the badge and keeps quantity and price totals', () => {
    const cart = addToCart(addToCart(addToCart([], tea, 2), book), tea);
    expect(cartBadgeCount(cart)).toBe(2);
    expect(cartTotals(cart)).toEqual({ quantity: 4, totalCents: 3 * 250 + 1999 });
  });

  it('subtracts a removed item from the totals, and checkout empties the cart', () => {
    const cart = removeFromCart(addToCart(addToCart([], tea, 2), book), 1);
    expect(cartTotals(cart)).toEqual({ quantity: 1, totalCents: 1999 });
    expect(cartBadgeCount(cart)).toBe(1);
    expect(checkout()).toEqual([]);
  });

  it('reads quantity as a number of at least 0 and disables Add below 1', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('-2')).toBe(0);
    expect(parseQuantity('abc')).toBe(0);
    expect(canAdd(0)).toBe(false);
    expect(canAdd(1)).toBe(true);
    expect(addToCart([], tea, 0)).toEqual([]);
  });
});
