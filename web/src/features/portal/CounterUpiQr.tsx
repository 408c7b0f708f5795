import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CounterUpiQr as Answer } from '@app/contract/portal';
import { get } from '../../lib/api';
import { useOrgMoney } from '../../lib/form/money';

/**
 * The UPI QR with the amount and a reference, in the payment dialog when the mode is UPI (issue 37):
 * the member scans it at the desk. Nothing when no account of the branch has a UPI id.
 */
export function CounterUpiQr(props: {
  userId: number;
  amount: number;
  feeStructureId: number | null;
  bankAccountId: number | null;
}) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  // Each asked amount stores a reference: asked once the clerk stops typing, not per keystroke.
  const [amount, setAmount] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setAmount(props.amount), 600);
    return () => clearTimeout(timer);
  }, [props.amount]);
  const qr = useQuery({
    queryKey: ['counterUpiQr', props.userId, amount, props.feeStructureId, props.bankAccountId],
    queryFn: ({ signal }) =>
      get<Answer>('/payment/getUpiQr', {
        query: {
          userId: props.userId,
          amount,
          feeStructureId: props.feeStructureId ?? undefined,
          bankAccountId: props.bankAccountId ?? undefined,
        },
        signal,
      }),
    enabled: amount > 0,
    meta: { handlesError: true },
  });
  const upi = qr.data?.upi;
  if (!upi || amount !== props.amount) return null;
  return (
    <Box
      sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="counter-upi-qr"
    >
      <Box
        component="img"
        src={upi.qrDataUrl}
        alt={t('upiClaims.counterQrAlt', { amount: money.format(amount) })}
        sx={{ width: 160, height: 160, bgcolor: '#fff', p: 0.5, borderRadius: 1 }}
      />
      <Box>
        <Typography>{t('upiClaims.counterQr', { amount: money.format(amount) })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {upi.upiId} · {t('upiClaims.counterRef', { reference: upi.reference })}
        </Typography>
      </Box>
    </Box>
  );
}
