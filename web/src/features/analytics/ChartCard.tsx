import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { useOrgMoney } from '../../lib/form/money';
import { formatCount } from '../../lib/numbers';
import { displayLocale } from '../../lib/dates';
import { saveBlob } from '../../lib/table/exportCsv';
import { toCsv } from './figures';

export type FigureRow = Record<string, string | number>;

/**
 * A chart with its figures: always as a table for screen readers (shown to everyone on request)
 * and as a CSV download. `rows` are the figures as they read, keyed by column title.
 */
export function ChartCard(props: {
  title: string;
  file: string;
  rows: FigureRow[];
  /** Columns holding amounts in major units (1500.5): the table writes them as money, the CSV as numbers. */
  money?: readonly string[];
  /** The chart; a function gets the width it is drawn in, for axes that lay out their labels. */
  children: ReactNode | ((width: number) => ReactNode);
  wide?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const money = useOrgMoney();
  const locale = displayLocale(i18n.resolvedLanguage);
  const cell = (column: string, value: string | number) => {
    if (typeof value !== 'number') return value;
    if (props.money?.includes(column)) return money.format(Math.round(value * 10 ** money.digits));
    return formatCount(value, locale);
  };
  const [showTable, setShowTable] = useState(false);
  const [chartBox, width] = useWidth();
  const columns = props.rows.length ? Object.keys(props.rows[0]!) : [];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, gridColumn: props.wide ? { md: 'span 2' } : undefined, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 160 }}>
          {props.title}
        </Typography>
        <Button
          size="small"
          startIcon={<TableChartOutlined />}
          aria-pressed={showTable}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? t('analytics.hideTable') : t('analytics.showTable')}
        </Button>
        <Button
          size="small"
          startIcon={<DownloadOutlined />}
          disabled={props.rows.length === 0}
          onClick={() =>
            saveBlob(new Blob([toCsv(props.rows)], { type: 'text/csv;charset=utf-8' }), `${props.file}.csv`)
          }
        >
          CSV
        </Button>
      </Box>
      {props.rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('analytics.noData')}
        </Typography>
      ) : (
        <Box ref={chartBox} aria-hidden sx={{ width: '100%', overflow: 'hidden' }}>
          {typeof props.children === 'function' ? width > 0 && props.children(width) : props.children}
        </Box>
      )}
      {props.rows.length > 0 && (
        <Box sx={showTable ? { overflowX: 'auto', mt: 1 } : visuallyHidden}>
          <Table size="small" aria-label={props.title}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c} align={typeof props.rows[0]![c] === 'number' ? 'right' : undefined}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {props.rows.map((row, i) => (
                <TableRow key={i}>
                  {columns.map((c) => (
                    <TableCell key={c} align={typeof row[c] === 'number' ? 'right' : undefined}>
                      {cell(c, row[c]!)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

/** A box's content width, kept up to date as the card resizes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const box = ref.current;
    if (box === null) return;
    setWidth(box.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
