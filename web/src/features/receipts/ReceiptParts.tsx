import { useState, type ReactNode } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { displayLocale, formatDate } from '../../lib/dates';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { languageOf } from '@app/contract/languages';
import type { ReceiptFormat } from '@app/contract/receipts';
import type { WordsLanguage } from '@app/contract/amountInWords';
import { getBlob } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { formatOrgMoney } from '../../lib/form/money';
import { filenameFromDisposition, saveBlob } from '../../lib/table/exportCsv';

// The pieces every printed money document shares (a payment's receipt, a refund's): the toolbar
// with print and PDF, the paper, the issuer's header, the formatting of money and dates.

export type Issuer = {
  organisation: { name: string; address: string; taxId: string; currency: string; locale: string };
  branch: { name: string; address: string; phone: string };
};

/** Only the document prints: the frame, menus and buttons stay on screen. */
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

/** Back, A4 / 80 mm, Print and the server's PDF (in the language on screen). */
export function ReceiptToolbar(props: {
  backTo: string;
  backLabel: string;
  format: ReceiptFormat;
  onFormat: (format: ReceiptFormat) => void;
  pdfPath: string;
  pdfQuery: Record<string, number>;
  pdfName: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const { blob, disposition } = await getBlob(props.pdfPath, {
        query: { ...props.pdfQuery, format: props.format, lang: languageOf(i18n.language) },
      });
      saveBlob(blob, filenameFromDisposition(disposition, props.pdfName));
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <GlobalStyles styles={printCss(props.format)} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Button component={RouterLink} to={props.backTo} startIcon={<ArrowBack />}>
          {props.backLabel}
        </Button>
        <Box sx={{ flex: 1 }} />
        {props.children}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={props.format}
          onChange={(_event, next: ReceiptFormat | null) => next !== null && props.onFormat(next)}
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
    </>
  );
}

/** Money and dates as the document prints them: the organisation's currency, the language on screen. */
export function useDocumentFormat(org: Issuer['organisation']) {
  const { i18n } = useTranslation();
  // The words of amounts (amountInWords) have en, de and hi; the rest follows the screen.
  const lang: WordsLanguage = languageOf(i18n.language);
  const locale = displayLocale(lang, org.locale);
  return {
    lang,
    money: (minor: number) => formatOrgMoney(minor, lang, org),
    date: (iso: string) => formatDate(iso, locale),
  };
}

/** A label on the left and an amount on the right. */
export function DocumentRow({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: strong ? 700 : 400 }}>
      <span>{label}</span>
      <span>{value}</span>
    </Box>
  );
}

/**
 * The sheet (A4 or an 80 mm strip), always black on white whatever the theme, with the issuer's
 * header; `aside` sits at the header's right on A4 (the QR code), `voided` lays VOID across it.
 */
export function ReceiptPaper(props: {
  issuer: Issuer;
  format: ReceiptFormat;
  voided?: boolean;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { organisation: org, branch } = props.issuer;
  const thermal = props.format === 'thermal';
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
      {props.voided && (
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
        {!thermal && props.aside}
      </Box>
      {props.children}
    </Paper>
  );
}
