import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { amountInWords } from '@app/contract/amountInWords';
import type { Receipt, ReceiptFormat } from '@app/contract/receipts';
import type { TaxDocument } from '@app/contract/gst';
import { DocumentRow, ReceiptPaper, useDocumentFormat } from './ReceiptParts';
import { TaxDocumentBody, TaxDocumentHead, TaxSignatory } from './TaxDocumentParts';
import { isolateLtr } from '../../lib/bidi';

/**
 * The receipt as a document (DOMAIN.md, Receipt), laid out for an A4 sheet or an 80 mm strip; the
 * same elements as the server's PDF. Always black on white: it is paper, whatever the theme.
 */
export function ReceiptDocument({
  receipt,
  format,
  creditNotes = [],
}: {
  receipt: Receipt;
  format: ReceiptFormat;
  /** The credit notes of the payment's void (issue 44, point 3), printed below it. */
  creditNotes?: TaxDocument[];
}) {
  const { t } = useTranslation();
  const { payment: p, organisation: org } = receipt;
  // A payment at a branch with GST on is its tax invoice or bill of supply (issue 44, point 2).
  const gst = receipt.taxDocument;
  const { lang, money, date } = useDocumentFormat(org);
  const thermal = format === 'thermal';
  const row = (label: string, value: string, strong = false) => (
    <DocumentRow label={label} value={value} strong={strong} />
  );
  return (
    <ReceiptPaper
      issuer={receipt}
      format={format}
      voided={p.status === 'voided'}
      aside={<QrCode receipt={receipt} size={110} />}
    >
      {gst ? (
        <>
          <TaxDocumentHead doc={gst} format={format} issuer={receipt} />
          <Typography variant="body2">{t('gst.receiptNumber', { number: p.receiptNumber })}</Typography>
        </>
      ) : (
        <>
          <Typography variant={thermal ? 'subtitle1' : 'h5'} component="h2" sx={{ fontWeight: 700, mt: 2 }}>
            {t('receipt.title')}
          </Typography>
          {row(
            t('receipt.number', { number: p.receiptNumber }),
            t('receipt.date', { date: date(p.paidAt) }),
            true,
          )}
        </>
      )}
      <Typography variant="body2">
        {t('receipt.member', { name: p.memberName, mobile: p.memberMobile })}
      </Typography>
      {p.feeStructureName && (
        <Typography variant="body2">{t('receipt.feeStructure', { name: p.feeStructureName })}</Typography>
      )}
      {p.coversFrom && p.coversTill && (
        <Typography variant="body2">
          {/* Isolated, or a right-to-left page draws the range backwards (lib/bidi.ts). */}
          {isolateLtr(t('receipt.period', { from: date(p.coversFrom), till: date(p.coversTill) }))}
        </Typography>
      )}
      {receipt.wifi && (
        <Typography variant="body2">
          {t('wifi.receiptLine', { username: receipt.wifi.username, pin: receipt.wifi.pin })}
        </Typography>
      )}
      <Divider />
      {gst ? (
        <>
          {/* The invoice's lines hold the fees, late fine and discount; earlier dues were invoiced before. */}
          <TaxDocumentBody doc={gst} format={format} issuer={receipt} />
          <Divider />
          {p.duesSettled > 0 && row(t('payments.previousDues'), money(p.duesSettled))}
        </>
      ) : (
        <>
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
        </>
      )}
      {(!gst || p.duesSettled > 0) && row(t('payments.total'), money(p.total), true)}
      {row(t('payments.received'), money(p.received), true)}
      {/* What the payment left owing when it was made: a receipt is the record of that moment. */}
      {p.leftOwing > 0 && row(t('payments.due'), money(p.leftOwing), true)}
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
      {gst && <TaxSignatory doc={gst} />}
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
      {creditNotes.map((note) => (
        <Box key={note.id}>
          <Divider />
          <TaxDocumentHead doc={note} format={format} issuer={receipt} />
          <TaxDocumentBody doc={note} format={format} issuer={receipt} />
          <TaxSignatory doc={note} />
        </Box>
      ))}
    </ReceiptPaper>
  );
}

function QrCode({ receipt, size }: { receipt: Receipt; size: number }) {
  const { t } = useTranslation();
  return <img src={receipt.qrDataUrl} width={size} height={size} alt={t('receipt.qrAlt')} />;
}
