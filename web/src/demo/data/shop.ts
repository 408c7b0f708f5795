/** Sample products of the demo shop (spec section 3, "Product"). Prices are cents; no real data. */
export interface Product {
  id: number;
  name: string;
  /** A colour for the drawn thumbnail: the demo ships no images and fetches none. */
  thumbnail: string;
  desc: string;
  ratting: number;
  price: number;
  prevPrice: number;
  /** Empty means no discount. */
  discount: string;
  soldout: boolean;
}

export const products: Product[] = [
  {
    id: 1,
    name: 'Reading Lamp',
    thumbnail: '#F9A825',
    desc: 'A warm desk lamp with a dimmer for long study evenings.',
    ratting: 4,
    price: 2499,
    prevPrice: 2999,
    discount: '17%',
    soldout: false,
  },
  {
    id: 2,
    name: 'Noise Cancelling Headphones',
    thumbnail: '#3F51B5',
    desc: 'Over-ear headphones that keep the reading room quiet.',
    ratting: 5,
    price: 8999,
    prevPrice: 8999,
    discount: '',
    soldout: false,
  },
  {
    id: 3,
    name: 'Notebook Set',
    thumbnail: '#43A047',
    desc: 'Three ruled notebooks, A5, recycled paper.',
    ratting: 3,
    price: 899,
    prevPrice: 1099,
    discount: '18%',
    soldout: false,
  },
  {
    id: 4,
    name: 'Ergonomic Chair',
    thumbnail: '#AB47BC',
    desc: 'Adjustable height, lumbar support and breathable mesh.',
    ratting: 4,
    price: 15900,
    prevPrice: 17900,
    discount: '11%',
    soldout: true,
  },
  {
    id: 5,
    name: 'USB-C Hub',
    thumbnail: '#00BCD4',
    desc: 'Seven ports: HDMI, card reader, three USB-A and power.',
    ratting: 4,
    price: 3450,
    prevPrice: 3450,
    discount: '',
    soldout: false,
  },
  {
    id: 6,
    name: 'Water Bottle',
    thumbnail: '#EC407A',
    desc: 'Steel, keeps drinks cold for a whole day of study.',
    ratting: 5,
    price: 1299,
    prevPrice: 1599,
    discount: '19%',
    soldout: false,
  },
  {
    id: 7,
    name: 'Highlighter Pack',
    thumbnail: '#FF5722',
    desc: 'Eight pastel colours with chisel tips.',
    ratting: 3,
    price: 549,
    prevPrice: 549,
    discount: '',
    soldout: false,
  },
  {
    id: 8,
    name: 'Laptop Stand',
    thumbnail: '#607D8B',
    desc: 'Aluminium stand that lifts the screen to eye level.',
    ratting: 4,
    price: 2799,
    prevPrice: 3299,
    discount: '15%',
    soldout: false,
  },
];

/** Case-insensitive keyword search over name and description. */
export function searchProducts(list: readonly Product[], keyword: string): Product[] {
  const needle = keyword.trim().toLocaleLowerCase();
  if (needle === '') return [...list];
  return list.filter(
    (product) =>
      product.name.toLocaleLowerCase().includes(needle) || product.desc.toLocaleLowerCase().includes(needle),
  );
}
