import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MobileStepper from '@mui/material/MobileStepper';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { products } from '../data/shop';
import { canAdd, formatUsd, parseQuantity } from '../logic/cart';
import { demoConstants } from '../logic/constants';
import { DemoPage } from '../shared/DemoPage';
import { useDemoTexts, useLocalTexts } from '../texts';
import { Thumbnail } from './EcommercePage';

const labels = {
  en: {
    steps: ['Shipping address', 'Payment details', 'Review your order'],
    firstName: 'First name',
    lastName: 'Last name',
    address1: 'Address line 1',
    address2: 'Address line 2',
    city: 'City',
    state: 'State/Province/Region',
    zip: 'Zip / Postal code',
    country: 'Country',
    useForPayment: 'Use this address for payment details',
    cardName: 'Name on card',
    cardNumber: 'Card number',
    expiry: 'Expiry date',
    cvv: 'CVV',
    remember: 'Remember credit card details for next time',
    orderTotal: 'Order total',
    back: 'Back',
    next: 'Next',
    place: 'Place order',
    thanks: 'Thank you for your order. This is a demo: nothing was ordered.',
  },
  de: {
    steps: ['Lieferadresse', 'Zahlungsdaten', 'Bestellung prüfen'],
    firstName: 'Vorname',
    lastName: 'Nachname',
    address1: 'Adresszeile 1',
    address2: 'Adresszeile 2',
    city: 'Stadt',
    state: 'Bundesland/Region',
    zip: 'Postleitzahl',
    country: 'Land',
    useForPayment: 'Diese Adresse für die Zahlung verwenden',
    cardName: 'Name auf der Karte',
    cardNumber: 'Kartennummer',
    expiry: 'Ablaufdatum',
    cvv: 'Prüfnummer',
    remember: 'Kartendaten für das nächste Mal merken',
    orderTotal: 'Bestellsumme',
    back: 'Zurück',
    next: 'Weiter',
    place: 'Bestellen',
    thanks: 'Danke für Ihre Bestellung. Dies ist eine Demo: nichts wurde bestellt.',
  },
};

/** /app/pages/checkout: shipping address, payment and review steps. */
export function CheckoutPage() {
  const l = useLocalTexts(labels);
  const [step, setStep] = useState(0);
  const field = (label: string, wide = false) => (
    <TextField label={label} size="small" sx={{ gridColumn: wide ? '1 / -1' : undefined }} />
  );
  return (
    <DemoPage group="pages" slug="checkout" source="pages/ShopFlowPages.tsx">
      <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {l.steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {field(l.firstName)}
            {field(l.lastName)}
            {field(l.address1, true)}
            {field(l.address2, true)}
            {field(l.city)}
            {field(l.state)}
            {field(l.zip)}
            {field(l.country)}
            <FormControlLabel sx={{ gridColumn: '1 / -1' }} control={<Checkbox />} label={l.useForPayment} />
          </Box>
        )}
        {step === 1 && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {field(l.cardName)}
            {field(l.cardNumber)}
            {field(l.expiry)}
            {field(l.cvv)}
            <FormControlLabel sx={{ gridColumn: '1 / -1' }} control={<Checkbox />} label={l.remember} />
          </Box>
        )}
        {step === 2 && (
          <Typography variant="h6" component="p">
            {l.orderTotal}: {formatUsd(demoConstants.orderTotalCents)}
          </Typography>
        )}
        {step === 3 && <Typography>{l.thanks}</Typography>}
        {step < 3 && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
            <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
              {l.back}
            </Button>
            <Button variant="contained" onClick={() => setStep(step + 1)}>
              {step === 2 ? l.place : l.next}
            </Button>
          </Stack>
        )}
      </Paper>
    </DemoPage>
  );
}

/** /app/pages/product-detail: up to 5 images, rating, price and quantity. */
export function ProductDetailPage() {
  const texts = useDemoTexts();
  const l = useLocalTexts(labels);
  const product = products[0]!;
  const images = [product.thumbnail, '#3F51B5', '#43A047', '#AB47BC', '#FF5722'].slice(
    0,
    demoConstants.productDetailImages,
  );
  const [image, setImage] = useState(0);
  const [quantity, setQuantity] = useState(1);
  return (
    <DemoPage group="pages" slug="product-detail" source="pages/ShopFlowPages.tsx">
      <Paper
        sx={{
          p: { xs: 2, md: 3 },
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        }}
      >
        <Box>
          <Thumbnail colour={images[image]!} height={280} />
          <MobileStepper
            variant="dots"
            steps={images.length}
            position="static"
            activeStep={image}
            sx={{ bgcolor: 'transparent' }}
            backButton={
              <Button size="small" disabled={image === 0} onClick={() => setImage(image - 1)}>
                {l.back}
              </Button>
            }
            nextButton={
              <Button size="small" disabled={image === images.length - 1} onClick={() => setImage(image + 1)}>
                {l.next}
              </Button>
            }
          />
        </Box>
        <Stack spacing={2}>
          <Typography variant="h5" component="h2">
            {product.name}
          </Typography>
          <Rating value={product.ratting} max={demoConstants.ratingMax} readOnly />
          <Typography>{product.desc}</Typography>
          <Typography variant="h5" component="p">
            {formatUsd(product.price)}
          </Typography>
          <Stack direction="row" spacing={1}>
            <TextField
              type="number"
              size="small"
              label={texts.shop.quantity}
              value={quantity}
              onChange={(event) => setQuantity(parseQuantity(event.target.value))}
              slotProps={{ htmlInput: { min: 0 } }}
              sx={{ width: 110 }}
            />
            <Button variant="contained" disabled={!canAdd(quantity)}>
              {texts.shop.addToCart}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </DemoPage>
  );
}
