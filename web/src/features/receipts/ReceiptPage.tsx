import { useState } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { receiptSchema } from '@app/contract/receipts';
import type { ReceiptFormat } from '@app/contract/receipts';
import { get, getBlob } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { PageSpinner } from '../../lib/PageSpinner';
import { readActiveBranch } from '../../lib/session';
import { saveBlob, filenameFromDisposition } from '../../lib/table/exportCsv';
import { parseRouteId } from '../../lib/navigation';
import { ReceiptDocument } from './ReceiptDocument';

/** Only the receipt prints: the frame, menus and buttons stay on screen. */
const printCss = (format: ReceiptFormat) => ({
  '@media print': {
    'body *': { visibility: 'hidden' },
    '#receipt, #receipt *': { visibility: 'visible' },
    '#receipt': {
      position: 'absolute',
      left: 0,
      top: 0,
      boxShadow: 'none !important',
      border: 'none !important',
    },
  },
  '@page': { size: format === 'thermal' ? '80mm auto' : 'A4', margin: format === 'thermal' ? '4mm' : '12mm' },
});

/** A payment's receipt (/app/payments/:paymentId/receipt): printable page, PDF download, VOID mark. */
export function ReceiptPage() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const paymentId = parseRouteId(useParams().paymentId);
  const [format, setFormat] = useState<ReceiptFormat>('a4');
  const [downloading, setDownloading] = useState(false);
  const receipt = useQuery({
    queryKey: ['payment', 'receipt', readActiveBranch()?.id ?? null, paymentId],
    queryFn: ({ signal }) =>
      get('/payment/getReceipt', { query: { paymentId }, schema: receiptSchema, signal }),
    enabled: paymentId !== null,
    meta: { handlesError: true },
  });
  if (paymentId === null) return <Alert severity="error">{t('receipt.notFound')}</Alert>;
  if (receipt.isPending) return <PageSpinner />;
  if (receipt.isError) return <Alert severity="error">{errorMessage(receipt.error)}</Alert>;
  const lang = i18n.language === 'de' ? 'de' : 'en';

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, disposition } = await getBlob('/payment/getReceiptPdf', {
        query: { paymentId, format, lang },
      });
      saveBlob(
        blob,
        filenameFromDisposition(disposition, `receipt-${receipt.data.payment.receiptNumber}.pdf`),
      );
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <GlobalStyles styles={printCss(format)} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Button component={RouterLink} to="/app/payments" startIcon={<ArrowBack />}>
          {t('receipt.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={format}
          onChange={(_event, next: ReceiptFormat | null) => next !== null && setFormat(next)}
          aria-label={t('receipt.format')}
        >
          <ToggleButton value="a4">{t('receipt.a4')}</ToggleButton>
          <ToggleButton value="thermal">{t('receipt.thermal')}</ToggleButton>
        </ToggleButtonGroup>
        <Button variant="outlined" startIcon={<PrintOutlined />} onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void download()}
          disabled={downloading}
          startIcon={
            downloading ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadOutlined />
          }
        >
          {t('receipt.pdf')}
        </Button>
      </Box>
      <ReceiptDocument receipt={receipt.data} format={format} />
    </>
  );
}
