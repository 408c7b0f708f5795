import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DemoPage } from '../shared/DemoPage';
import { useLocalTexts } from '../texts';

const labels = {
  en: {
    blank: 'An empty page to start from.',
    notFoundTitle: '404',
    notFoundText: 'Oops, Page Not Found :(',
    goToDashboard: 'Go To Dashboard',
    choose: 'Choose plan',
    month: '/ month',
    popular: 'Popular',
  },
  de: {
    blank: 'Eine leere Seite als Anfang.',
    notFoundTitle: '404',
    notFoundText: 'Hoppla, Seite nicht gefunden :(',
    goToDashboard: 'Zum Dashboard',
    choose: 'Tarif wählen',
    month: '/ Monat',
    popular: 'Beliebt',
  },
};

export function BlankPage() {
  const l = useLocalTexts(labels);
  return (
    <DemoPage group="pages" slug="blank-page" source="pages/SimplePages.tsx">
      <Paper sx={{ p: 4, minHeight: 240 }}>
        <Typography color="text.secondary">{l.blank}</Typography>
      </Paper>
    </DemoPage>
  );
}

/** The demo's own not-found page, as the template shows it inside the frame. */
export function NotFoundDemoPage() {
  const l = useLocalTexts(labels);
  return (
    <DemoPage group="pages" slug="not-found" source="pages/SimplePages.tsx">
      <Paper sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>
          {l.notFoundTitle}
        </Typography>
        <Typography variant="h5" component="p" sx={{ mb: 2 }}>
          {l.notFoundText}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/app/dashboard">
          {l.goToDashboard}
        </Button>
      </Paper>
    </DemoPage>
  );
}

const plans = [
  { name: 'Free', price: 'FREE', features: ['1 branch', '50 members', 'Email support'] },
  { name: 'Pro', price: '$24', features: ['5 branches', '1,000 members', 'WiFi packages'], popular: true },
  {
    name: 'Enterprise',
    price: '$200',
    features: ['Unlimited branches', 'Unlimited members', 'Priority support'],
  },
];

export function PricingPage() {
  const l = useLocalTexts(labels);
  return (
    <DemoPage group="pages" slug="pricing" source="pages/SimplePages.tsx">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {plans.map((plan) => (
          <Paper
            key={plan.name}
            sx={{ p: 3, textAlign: 'center', border: plan.popular ? 2 : 0, borderColor: 'primary.main' }}
          >
            <Typography variant="h6" component="h2">
              {plan.name} {plan.popular && <Chip size="small" color="secondary" label={l.popular} />}
            </Typography>
            <Typography variant="h3" component="p" sx={{ my: 2 }}>
              {plan.price}
              {plan.price !== 'FREE' && (
                <Typography component="span" color="text.secondary">
                  {' '}
                  {l.month}
                </Typography>
              )}
            </Typography>
            <List dense>
              {plan.features.map((feature) => (
                <ListItem key={feature}>
                  <ListItemIcon>
                    <Check color="success" />
                  </ListItemIcon>
                  <ListItemText primary={feature} />
                </ListItem>
              ))}
            </List>
            <Button variant={plan.popular ? 'contained' : 'outlined'}>{l.choose}</Button>
          </Paper>
        ))}
      </Box>
    </DemoPage>
  );
}
