import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { amountInWords } from '@app/contract/amountInWords';
import { formatMoney } from '@app/contract/money';
import type { Receipt, ReceiptFormat } from '@app/contract/receipts';

/**
 * The receipt as a document (DOMAIN.md, Receipt), laid out for an A4 sheet or an 80 mm strip; the
 * same elements as the server's PDF. Always black on white: it is paper, whatever the theme.
 */
export function ReceiptDocument({ receipt, format }: { receipt: Receipt; format: ReceiptFormat }) {
  const { t, i18n } = useTranslation();
  const { payment: p, organisation: org, branch } = receipt;
  const lang = i18n.language === 'de' ? 'de' : 'en';
  const locale = lang === 'de' ? 'de-DE' : org.locale;
  const money = (minor: number) => formatMoney(minor, org.currency, locale);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const thermal = format === 'thermal';
  const row = (label: string, value: string, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: strong ? 700 : 400 }}>
      <span>{label}</span>
      <span>{value}</span>
    </Box>
  );
  return (
    <Paper
      id="receipt"
      variant="outlined"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        mx: 'auto',
        p: thermal ? 1.5 : 5,
        width: thermal ? '80mm' : '100%',
        maxWidth: thermal ? '80mm' : '210mm',
        bgcolor: '#fff',
        color: '#000',
        fontSize: thermal ? 12 : 14,
        '& .MuiTypography-root': { color: '#000' },
        '& .MuiDivider-root': { borderColor: '#999', my: 1 },
      }}
    >
      {p.status === 'voided' && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            pointerEvents: 'none',
            color: 'rgba(211, 47, 47, 0.25)',
            fontSize: thermal ? 64 : 140,
            fontWeight: 700,
            transform: 'rotate(-30deg)',
          }}
        >
          VOID
        </Box>
      )}
      <Box
        sx={{
          display: 'flex',
          flexDirection: thermal ? 'column' : 'row',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Box>
          <Typography variant={thermal ? 'subtitle1' : 'h5'} component="p" sx={{ fontWeight: 700 }}>
            {org.name}
          </Typography>
          {org.address && <Typography variant="body2">{org.address}</Typography>}
          {org.taxId && <Typography variant="body2">{t('receipt.taxId', { id: org.taxId })}</Typography>}
          <Typography variant="body2">
            {[branch.name, branch.address, branch.phone].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        {!thermal && <QrCode receipt={receipt} size={110} />}
      </Box>
      <Typography variant={thermal ? 'subtitle1' : 'h5'} component="h2" sx={{ fontWeight: 700, mt: 2 }}>
        {t('receipt.title')}
      </Typography>
      {row(
        t('receipt.number', { number: p.receiptNumber }),
        t('receipt.date', { date: date(p.paidAt) }),
        true,
      )}
      <Typography variant="body2">
        {t('receipt.member', { name: p.memberName, mobile: p.memberMobile })}
      </Typography>
      {p.feeStructureName && (
        <Typography variant="body2">{t('receipt.feeStructure', { name: p.feeStructureName })}</Typography>
      )}
      {p.coversFrom && p.coversTill && (
        <Typography variant="body2">
          {t('receipt.period', { from: date(p.coversFrom), till: date(p.coversTill) })}
        </Typography>
      )}
      <Divider />
      {p.lines.map((line, i) => (
        <Box key={`${line.feeTypeId}-${i}`}>{row(line.name, money(line.amount))}</Box>
      ))}
      {p.duesSettled > 0 && row(t('payments.previousDues'), money(p.duesSettled))}
      {p.lateFine > 0 && row(t('payments.lateFine'), money(p.lateFine))}
      {p.lateFineWaiverReason && (
        <Typography variant="caption">
          {t('receipt.fineLowered', { reason: p.lateFineWaiverReason })}
        </Typography>
      )}
      {p.discount > 0 &&
        row(
          `${t('payments.discount')}${p.discountReason ? ` (${p.discountReason})` : ''}`,
          `−${money(p.discount)}`,
        )}
      <Divider />
      {row(t('payments.total'), money(p.total), true)}
      {row(t('payments.received'), money(p.received), true)}
      {p.due > 0 && row(t('payments.due'), money(p.due), true)}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('receipt.inWords', { words: amountInWords(p.received, org.currency, lang) })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('receipt.paidBy', {
          how: [t(`payments.modes.${p.mode}`), p.bankAccountName, p.reference].filter(Boolean).join(' · '),
        })}
      </Typography>
      {p.note && <Typography variant="body2">{t('receipt.note', { note: p.note })}</Typography>}
      <Typography variant="body2">{t('receipt.recordedBy', { name: p.createdByName ?? '—' })}</Typography>
      {p.status === 'voided' && (
        <Typography sx={{ fontWeight: 700, mt: 1 }}>
          {t('receipt.voided', { reason: p.voidReason ?? '' })}
        </Typography>
      )}
      {thermal && (
        <Box sx={{ display: 'grid', placeItems: 'center', mt: 1 }}>
          <QrCode receipt={receipt} size={120} />
        </Box>
      )}
      <Typography
        variant="caption"
        component="p"
        sx={{ mt: 1, overflowWrap: 'anywhere', textAlign: thermal ? 'center' : 'left' }}
      >
        {t('receipt.verify', { url: receipt.verifyUrl })}
      </Typography>
    </Paper>
  );
}

function QrCode({ receipt, size }: { receipt: Receipt; size: number }) {
  const { t } = useTranslation();
  return <img src={receipt.qrDataUrl} width={size} height={size} alt={t('receipt.qrAlt')} />;
}
