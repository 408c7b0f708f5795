import { useState } from 'react';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TaxDocument } from '@app/contract/gst';
import { languageOf } from '@app/contract/languages';
import type { Receipt, ReceiptFormat } from '@app/contract/receipts';
import { get, getBlob } from '../../lib/api';
import { filenameFromDisposition, saveBlob } from '../../lib/table/exportCsv';
import { useSnackbar } from '../../lib/notify/notify';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { errorMessage } from '../../lib/errorMessage';
import { PageSpinner } from '../../lib/PageSpinner';
import { readActiveBranch } from '../../lib/session';
import { parseRouteId } from '../../lib/navigation';
import { ReceiptDocument } from './ReceiptDocument';
import { ReceiptToolbar } from './ReceiptParts';
import { canRefund } from '../refunds/refundApi';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';

// The refund form (zod, react-hook-form) is downloaded when first opened, not with the page (issue 21).
const RefundDialog = lazyPart(() => import('../refunds/RefundDialog'), 'RefundDialog');

/** A payment's receipt (/app/payments/:paymentId/receipt): printable page, PDF download, VOID mark. */
export function ReceiptPage() {
  const { t } = useTranslation();
  const paymentId = parseRouteId(useParams().paymentId);
  const [format, setFormat] = useState<ReceiptFormat>('a4');
  const [refunding, setRefunding] = useState(false);
  const receipt = useQuery({
    queryKey: ['payment', 'receipt', readActiveBranch()?.id ?? null, paymentId],
    queryFn: ({ signal }) => get<Receipt>('/payment/getReceipt', { query: { paymentId }, signal }),
    enabled: paymentId !== null,
    meta: { handlesError: true },
  });
  // A voided tax invoice's credit note (issue 44, point 3), printed below the receipt.
  const voidedInvoice =
    receipt.data?.taxDocument?.kind === 'invoice' && receipt.data.payment.status === 'voided';
  const documents = useQuery({
    queryKey: ['payment', 'taxDocuments', readActiveBranch()?.id ?? null, paymentId],
    queryFn: ({ signal }) =>
      get<{ items: TaxDocument[] }>('/gst/getTaxDocuments', { query: { paymentId }, signal }),
    enabled: paymentId !== null && voidedInvoice,
  });
  const creditNotes = (documents.data?.items ?? []).filter((d) => d.reason === 'void');
  const { enqueueSnackbar } = useSnackbar();
  const { i18n } = useTranslation();
  const downloadNote = async (note: TaxDocument) => {
    try {
      const { blob, disposition } = await getBlob('/gst/getTaxDocumentPdf', {
        query: { taxDocumentId: note.id, format, lang: languageOf(i18n.language) },
      });
      saveBlob(
        blob,
        filenameFromDisposition(disposition, `creditNote-${note.number.replace(/\//g, '-')}.pdf`),
      );
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };
  if (paymentId === null) return <Alert severity="error">{t('receipt.notFound')}</Alert>;
  if (receipt.isPending) return <PageSpinner />;
  if (receipt.isError) return <Alert severity="error">{errorMessage(receipt.error)}</Alert>;
  return (
    <>
      <ReceiptToolbar
        backTo="/app/payments"
        backLabel={t('receipt.back')}
        format={format}
        onFormat={setFormat}
        pdfPath="/payment/getReceiptPdf"
        pdfQuery={{ paymentId }}
        pdfName={`receipt-${receipt.data.payment.receiptNumber}.pdf`}
      >
        {creditNotes.map((note) => (
          <Button
            key={note.id}
            variant="outlined"
            startIcon={<DownloadOutlined />}
            onClick={() => void downloadNote(note)}
          >
            {t('gst.creditNotePdf', { number: note.number })}
          </Button>
        ))}
        {canRefund() && receipt.data.payment.status === 'completed' && (
          <Button
            variant="outlined"
            startIcon={<CurrencyExchangeOutlined />}
            onClick={() => setRefunding(true)}
          >
            {t('refunds.action')}
          </Button>
        )}
      </ReceiptToolbar>
      <OpenedOnce open={refunding}>
        <RefundDialog open={refunding} paymentId={paymentId} onClose={() => setRefunding(false)} />
      </OpenedOnce>
      <ReceiptDocument receipt={receipt.data} format={format} creditNotes={creditNotes} />
    </>
  );
}
