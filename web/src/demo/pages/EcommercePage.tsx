import { useState } from 'react';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import GridView from '@mui/icons-material/GridView';
import LocalMallOutlined from '@mui/icons-material/LocalMallOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import ViewList from '@mui/icons-material/ViewList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { products, searchProducts } from '../data/shop';
import type { Product } from '../data/shop';
import {
  addToCart,
  canAdd,
  cartBadgeCount,
  cartTotals,
  checkout,
  formatUsd,
  parseQuantity,
  removeFromCart,
} from '../logic/cart';
import type { CartItem } from '../logic/cart';
import { demoConstants } from '../logic/constants';
import { DemoPage } from '../shared/DemoPage';
import { useDemoTexts } from '../texts';

/** A drawn thumbnail: the demo ships no product photos. */
export function Thumbnail({ colour, height = 140 }: { colour: string; height?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        height,
        borderRadius: 1,
        display: 'grid',
        placeItems: 'center',
        color: '#fff',
        background: `linear-gradient(135deg, ${colour}, ${colour}99)`,
      }}
    >
      <LocalMallOutlined sx={{ fontSize: height / 3 }} />
    </Box>
  );
}

function Price({ product }: { product: Product }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
      <Typography variant="h6" component="span">
        {formatUsd(product.price)}
      </Typography>
      {product.discount !== '' && (
        <>
          <Typography component="del" variant="body2" color="text.secondary">
            {formatUsd(product.prevPrice)}
          </Typography>
          <Chip size="small" color="secondary" label={`-${product.discount}`} />
        </>
      )}
    </Stack>
  );
}

function ProductCard({
  product,
  list,
  onAdd,
  onDetail,
}: {
  product: Product;
  list: boolean;
  onAdd: (quantity: number) => void;
  onDetail: () => void;
}) {
  const texts = useDemoTexts();
  const [quantity, setQuantity] = useState(1);
  return (
    <Paper
      component="article"
      aria-label={product.name}
      sx={{ p: 2, display: 'flex', flexDirection: list ? { xs: 'column', sm: 'row' } : 'column', gap: 2 }}
    >
      <Box sx={{ width: list ? { xs: '100%', sm: 180 } : '100%', flexShrink: 0 }}>
        <Thumbnail colour={product.thumbnail} />
      </Box>
      <Stack spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {product.name}
        </Typography>
        <Rating value={product.ratting} max={demoConstants.ratingMax} readOnly size="small" />
        {list && <Typography color="text.secondary">{product.desc}</Typography>}
        <Price product={product} />
        {product.soldout && (
          <Chip label={texts.shop.soldOut} color="error" size="small" sx={{ alignSelf: 'start' }} />
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 'auto' }}>
          <TextField
            label={texts.shop.quantity}
            type="number"
            size="small"
            value={quantity}
            onChange={(event) => setQuantity(parseQuantity(event.target.value))}
            slotProps={{ htmlInput: { min: 0 } }}
            sx={{ width: 96 }}
          />
          <IconButton
            color="primary"
            aria-label={`${texts.shop.addToCart}: ${product.name}`}
            disabled={!canAdd(quantity) || product.soldout}
            onClick={() => onAdd(quantity)}
          >
            <AddShoppingCart />
          </IconButton>
          <Button size="small" onClick={onDetail}>
            {texts.shop.detail}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function CartMenu({
  cart,
  onRemove,
  onCheckout,
}: {
  cart: CartItem[];
  onRemove: (id: number) => void;
  onCheckout: () => void;
}) {
  const texts = useDemoTexts();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const totals = cartTotals(cart);
  return (
    <>
      <IconButton aria-label={texts.shop.cart} onClick={(event) => setAnchor(event.currentTarget)}>
        <Badge badgeContent={cartBadgeCount(cart)} color="secondary">
          <ShoppingCartOutlined />
        </Badge>
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Box sx={{ width: 300, maxWidth: '80vw', px: 2, py: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {texts.shop.cart}
          </Typography>
          {cart.length === 0 ? (
            <Typography color="text.secondary">{texts.shop.cartEmpty}</Typography>
          ) : (
            <Stack divider={<Divider flexItem />} spacing={1} sx={{ my: 1 }}>
              {cart.map((item) => (
                <Stack key={item.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Box sx={{ flexGrow: 1 }}>
                    <Typography variant="body2">{item.name}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {item.quantity} × {formatUsd(item.price)}
                    </Typography>
                  </Box>
                  <IconButton
                    size="small"
                    aria-label={`${texts.shop.remove}: ${item.name}`}
                    onClick={() => onRemove(item.id)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Stack>
              ))}
            </Stack>
          )}
          <Stack direction="row" sx={{ justifyContent: 'space-between', my: 1 }}>
            <Typography>
              {texts.shop.total} ({totals.quantity} {texts.shop.items})
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid="cart-total">
              {formatUsd(totals.totalCents)}
            </Typography>
          </Stack>
          <Button
            fullWidth
            variant="contained"
            disabled={cart.length === 0}
            component={RouterLink}
            to="/app/pages/checkout"
            onClick={() => {
              onCheckout();
              setAnchor(null);
            }}
          >
            {texts.shop.checkout}
          </Button>
        </Box>
      </Menu>
    </>
  );
}

/** /app/pages/ecommerce: products in a grid or a list, keyword search, detail dialog and the cart. */
export function EcommercePage() {
  const texts = useDemoTexts();
  const [keyword, setKeyword] = useState('');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [cart, setCart] = useState<CartItem[]>([]);
  const [detail, setDetail] = useState<Product | null>(null);
  const shown = searchProducts(products, keyword);
  const add = (product: Product, quantity: number) =>
    setCart((current) => addToCart(current, product, quantity));

  return (
    <DemoPage group="pages" slug="ecommerce" source="pages/EcommercePage.tsx">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <TextField
          label={texts.shop.search}
          size="small"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          sx={{ flexGrow: 1, maxWidth: 360 }}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, next: 'grid' | 'list' | null) => next && setView(next)}
        >
          <ToggleButton value="grid" aria-label={texts.shop.grid}>
            <GridView fontSize="small" />
          </ToggleButton>
          <ToggleButton value="list" aria-label={texts.shop.list}>
            <ViewList fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flexGrow: 1 }} />
        <CartMenu
          cart={cart}
          onRemove={(id) => setCart((current) => removeFromCart(current, id))}
          onCheckout={() => setCart(checkout())}
        />
      </Stack>
      {shown.length === 0 && <Typography color="text.secondary">{texts.shop.noResults}</Typography>}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns:
            view === 'grid'
              ? { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' }
              : '1fr',
        }}
      >
        {shown.map((product) => (
          <ProductCard
            key={product.id}
            product={product}
            list={view === 'list'}
            onAdd={(quantity) => add(product, quantity)}
            onDetail={() => setDetail(product)}
          />
        ))}
      </Box>
      <Dialog open={detail !== null} onClose={() => setDetail(null)} fullWidth maxWidth="sm">
        {detail !== null && (
          <>
            <DialogTitle>{detail.name}</DialogTitle>
            <DialogContent>
              <Thumbnail colour={detail.thumbnail} height={200} />
              <Rating value={detail.ratting} max={demoConstants.ratingMax} readOnly sx={{ mt: 2 }} />
              <Typography sx={{ my: 1 }}>{detail.desc}</Typography>
              <Price product={detail} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDetail(null)}>{texts.shop.close}</Button>
              <Button
                variant="contained"
                disabled={detail.soldout}
                onClick={() => {
                  add(detail, 1);
                  setDetail(null);
                }}
              >
                {texts.shop.addToCart}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </DemoPage>
  );
}
