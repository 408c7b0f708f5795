import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { getBlob } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { useSnackbar } from '../../lib/notify/notify';
import { filenameFromDisposition, saveBlob } from '../../lib/table/exportCsv';
import { DateField } from '../../lib/form/DateField';

// The period's vouchers as Tally Prime XML (issue 44, point 5), every branch the caller may read.

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 7)}-01`;

export function TallyExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const download = async () => {
    setBusy(true);
    try {
      const { blob, disposition } = await getBlob('/tally/exportVouchers', { query: { from, to } });
      saveBlob(blob, filenameFromDisposition(disposition, `tally-${from}-${to}.xml`));
      onClose();
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const date = (label: string, value: string, set: (v: string) => void) => (
    <DateField label={label} value={value} onChange={(day) => set(day ?? '')} sx={{ maxWidth: 220 }} />
  );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('payments.tally.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {date(t('payments.tally.from'), from, setFrom)}
        {date(t('payments.tally.to'), to, setTo)}
        <Typography variant="caption">{t('payments.tally.hint')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payments.tally.cancel')}</Button>
        <Button
          variant="contained"
          startIcon={<DownloadOutlined />}
          disabled={!valid || busy}
          onClick={() => void download()}
        >
          {t('payments.tally.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
