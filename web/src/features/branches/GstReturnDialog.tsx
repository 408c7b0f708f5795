import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gstReturnFiles, type GstReturn, type GstReturnFile } from '@app/contract/gst';
import { get, getBlob } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { formatOrgMoney } from '../../lib/form/money';
import { useSnackbar } from '../../lib/notify/notify';
import { filenameFromDisposition, saveBlob } from '../../lib/table/exportCsv';

// The month's GSTR-1 figures of a GSTIN (issue 44, point 4): totals on screen, and each section as
// the CSV the GST offline tool imports.

const thisMonth = () => new Date().toISOString().slice(0, 7);

export function GstReturnDialog({ gstin, onClose }: { gstin: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [month, setMonth] = useState(thisMonth);
  const money = (minor: number) => formatOrgMoney(minor);
  const figures = useQuery({
    queryKey: ['gst', 'return', gstin, month],
    queryFn: ({ signal }) => get<GstReturn>('/gst/getReturn', { query: { gstin, month }, signal }),
    enabled: /^\d{4}-\d{2}$/.test(month),
    meta: { handlesError: true },
  });
  const download = async (file: GstReturnFile) => {
    try {
      const { blob, disposition } = await getBlob('/gst/getReturn', { query: { gstin, month, file } });
      saveBlob(blob, filenameFromDisposition(disposition, `${file}-${gstin}-${month}.csv`));
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };
  const ret = figures.data;
  const sum = (rows: { taxable: number; igst: number; cgst: number; sgst: number }[]) =>
    rows.reduce((s, r) => ({ taxable: s.taxable + r.taxable, tax: s.tax + r.igst + r.cgst + r.sgst }), {
      taxable: 0,
      tax: 0,
    });
  const lines = ret
    ? ([
        ['b2b', sum(ret.b2b)],
        ['b2cs', sum(ret.b2cs)],
        ['cdnr', sum(ret.cdnr)],
        ['hsn', sum(ret.hsn)],
      ] as const)
    : [];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('branches.gstReturn.title', { gstin })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          type="month"
          label={t('branches.gstReturn.month')}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ mt: 1, maxWidth: 220 }}
        />
        {figures.isError && <Typography color="error">{errorMessage(figures.error)}</Typography>}
        {lines.map(([section, s]) => (
          <Typography key={section} variant="body2" data-testid={`gst-return-${section}`}>
            {t(`branches.gstReturn.sections.${section}`)}:{' '}
            {t('branches.gstReturn.figures', { taxable: money(s.taxable), tax: money(s.tax) })}
          </Typography>
        ))}
        {ret?.docs.map((d) => (
          <Typography key={d.nature} variant="body2">
            {t(d.nature === 'Credit Note' ? 'branches.gstReturn.notes' : 'branches.gstReturn.invoices', {
              from: d.from,
              to: d.to,
              n: d.total,
            })}
          </Typography>
        ))}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {gstReturnFiles.map((file) => (
            <Button
              key={file}
              size="small"
              variant="outlined"
              startIcon={<DownloadOutlined />}
              onClick={() => void download(file)}
            >
              {file}.csv
            </Button>
          ))}
        </Box>
        <Typography variant="caption">{t('branches.gstReturn.hint')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('branches.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
