import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { amountInWords } from '@app/contract/amountInWords';
import type { ReceiptFormat } from '@app/contract/receipts';
import type { RefundReceipt } from '@app/contract/refunds';
import { get } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { parseRouteId } from '../../lib/navigation';
import { PageSpinner } from '../../lib/PageSpinner';
import { readActiveBranch } from '../../lib/session';
import { DocumentRow, ReceiptPaper, ReceiptToolbar, useDocumentFormat } from '../receipts/ReceiptParts';
import { TaxDocumentBody, TaxDocumentHead, TaxSignatory } from '../receipts/TaxDocumentParts';

/** A refund's receipt (/app/refunds/:refundId/receipt): the payment receipt's paper, print and PDF. */
export function RefundReceiptPage() {
  const { t } = useTranslation();
  const refundId = parseRouteId(useParams().refundId);
  const [format, setFormat] = useState<ReceiptFormat>('a4');
  const receipt = useQuery({
    queryKey: ['refund', 'receipt', readActiveBranch()?.id ?? null, refundId],
    queryFn: ({ signal }) => get<RefundReceipt>('/refund/getRefundReceipt', { query: { refundId }, signal }),
    enabled: refundId !== null,
    meta: { handlesError: true },
  });
  if (refundId === null) return <Alert severity="error">{t('refunds.receiptDoc.notFound')}</Alert>;
  if (receipt.isPending) return <PageSpinner />;
  if (receipt.isError) return <Alert severity="error">{errorMessage(receipt.error)}</Alert>;
  return (
    <>
      <ReceiptToolbar
        backTo="/app/refunds"
        backLabel={t('refunds.receiptDoc.back')}
        format={format}
        onFormat={setFormat}
        pdfPath="/refund/getRefundReceiptPdf"
        pdfQuery={{ refundId }}
        pdfName={`refund-${receipt.data.refund.refundNumber}.pdf`}
      />
      <RefundDocument receipt={receipt.data} format={format} />
    </>
  );
}

export function RefundDocument({ receipt, format }: { receipt: RefundReceipt; format: ReceiptFormat }) {
  const { t } = useTranslation();
  const { refund: r, payment: p } = receipt;
  const { lang, money, date } = useDocumentFormat(receipt.organisation);
  const thermal = format === 'thermal';
  return (
    <ReceiptPaper issuer={receipt} format={format}>
      <Typography variant={thermal ? 'subtitle1' : 'h5'} component="h2" sx={{ fontWeight: 700, mt: 2 }}>
        {t('refunds.receiptDoc.title')}
      </Typography>
      <DocumentRow
        label={t('receipt.number', { number: r.refundNumber })}
        value={t('receipt.date', { date: date(r.refundedAt) })}
        strong
      />
      <Typography variant="body2">
        {t('receipt.member', { name: r.memberName, mobile: r.memberMobile })}
      </Typography>
      <Typography variant="body2">
        {t('refunds.receiptDoc.against', {
          number: p.receiptNumber,
          date: date(p.paidAt),
          amount: money(p.received),
        })}
      </Typography>
      <Divider />
      <DocumentRow label={t('refunds.receiptDoc.refunded')} value={money(r.amount)} strong />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('refunds.receiptDoc.inWords', {
          words: amountInWords(r.amount, receipt.organisation.currency, lang),
        })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('refunds.receiptDoc.reason', { reason: r.reason })}
      </Typography>
      <Typography variant="body2">
        {t('refunds.receiptDoc.paidOutBy', {
          how: [t(`payments.modes.${r.mode}`), r.bankAccountName, r.reference].filter(Boolean).join(' · '),
        })}
      </Typography>
      {r.note && <Typography variant="body2">{t('receipt.note', { note: r.note })}</Typography>}
      <Typography variant="body2">{t('receipt.recordedBy', { name: r.createdByName ?? '—' })}</Typography>
      {r.endedMembership && (
        <Typography sx={{ fontWeight: 700, mt: 1 }}>{t('refunds.receiptDoc.ended')}</Typography>
      )}
      {/* The credit note this refund issued against the payment's tax invoice (issue 44, point 3). */}
      {receipt.creditNote && (
        <>
          <Divider />
          <TaxDocumentHead doc={receipt.creditNote} format={format} issuer={receipt} />
          <TaxDocumentBody doc={receipt.creditNote} format={format} issuer={receipt} />
          <TaxSignatory doc={receipt.creditNote} />
        </>
      )}
    </ReceiptPaper>
  );
}
