/** Shop cart (spec sections 3 and 4). Prices are integer cents. */
export interface CartItem {
  id: number;
  name: string;
  thumbnail: string;
  price: number;
  quantity: number;
}

export type CartProduct = Omit<CartItem, 'quantity'>;

/** Adding an item already in the cart raises its quantity instead of adding a second row. */
export function addToCart(cart: readonly CartItem[], product: CartProduct, quantity = 1): CartItem[] {
  if (quantity < 1) return [...cart];
  const existing = cart.find((item) => item.id === product.id);
  if (existing === undefined) return [...cart, { ...product, quantity }];
  return cart.map((item) =>
    item.id === product.id ? { ...item, quantity: item.quantity + quantity } : item,
  );
}

/** Removal takes the item (and its quantity and price) out of the totals. */
export function removeFromCart(cart: readonly CartItem[], id: number): CartItem[] {
  return cart.filter((item) => item.id !== id);
}

/** Checkout empties the cart. */
export function checkout(): CartItem[] {
  return [];
}

/** The cart badge counts unique items, not their quantities. */
export function cartBadgeCount(cart: readonly CartItem[]): number {
  return cart.length;
}

export function cartTotals(cart: readonly CartItem[]): { quantity: number; totalCents: number } {
  return cart.reduce(
    (sum, item) => ({
      quantity: sum.quantity + item.quantity,
      totalCents: sum.totalCents + item.price * item.quantity,
    }),
    { quantity: 0, totalCents: 0 },
  );
}

/** Product quantity: numeric, minimum 0; Add is disabled below 1 (spec section 5). */
export function parseQuantity(input: string): number {
  const value = Math.floor(Number(input));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function canAdd(quantity: number): boolean {
  return quantity >= 1;
}

export function formatUsd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}
