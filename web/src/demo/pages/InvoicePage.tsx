import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addInvoiceRow, defaultInvoiceNote, invoiceTotal, newInvoiceRow } from '../logic/invoice';
import type { InvoiceRow } from '../logic/invoice';
import { DemoPage } from '../shared/DemoPage';
import { useDemoTexts, useLocalTexts } from '../texts';

const labels = {
  en: {
    header: 'Header',
    address: 'Address',
    item: 'Item',
    desc: 'Description',
    price: 'Price',
    qty: 'Qty',
    total: 'Total',
    addRow: 'Add row',
    note: 'Note',
    paid: 'Paid',
    number: 'Invoice number',
    date: 'Date',
  },
  de: {
    header: 'Kopfzeile',
    address: 'Adresse',
    item: 'Artikel',
    desc: 'Beschreibung',
    price: 'Preis',
    qty: 'Menge',
    total: 'Summe',
    addRow: 'Zeile hinzufügen',
    note: 'Hinweis',
    paid: 'Bezahlt',
    number: 'Rechnungsnummer',
    date: 'Datum',
  },
};

/** /app/pages/invoice: an editable invoice; amounts are free text, new rows take the template defaults. */
export function InvoicePage() {
  const texts = useDemoTexts();
  const l = useLocalTexts(labels);
  const [header, setHeader] = useState('Library Supplies Ltd.');
  const [address, setAddress] = useState('12 Elm Street, Springfield');
  const [number, setNumber] = useState('INV-1001');
  const [date, setDate] = useState('2026-11-26');
  const [paid, setPaid] = useState(false);
  const [note, setNote] = useState(defaultInvoiceNote);
  const [rows, setRows] = useState<InvoiceRow[]>([newInvoiceRow(1)]);
  const change = (id: number, patch: Partial<InvoiceRow>) =>
    setRows(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));

  return (
    <DemoPage group="pages" slug="invoice" source="pages/InvoicePage.tsx">
      <Paper sx={{ p: { xs: 2, md: 4 } }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 3 }}>
          <TextField
            label={l.header}
            value={header}
            onChange={(event) => setHeader(event.target.value)}
            size="small"
          />
          <TextField
            label={l.number}
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            size="small"
          />
          <TextField
            label={l.address}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            size="small"
            multiline
          />
          <TextField
            label={l.date}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            size="small"
          />
        </Box>
        <FormControlLabel
          control={<Switch checked={paid} onChange={(event) => setPaid(event.target.checked)} />}
          label={l.paid}
        />
        <TableContainer>
          <Table size="small" aria-label={texts.titles.invoice}>
            <TableHead>
              <TableRow>
                <TableCell>{l.item}</TableCell>
                <TableCell>{l.desc}</TableCell>
                <TableCell>{l.price}</TableCell>
                <TableCell>{l.qty}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <TextField
                      variant="standard"
                      value={row.item}
                      onChange={(event) => change(row.id, { item: event.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': `${l.item} ${row.id}` } }}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      variant="standard"
                      value={row.desc}
                      onChange={(event) => change(row.id, { desc: event.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': `${l.desc} ${row.id}` } }}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      variant="standard"
                      value={row.price}
                      onChange={(event) => change(row.id, { price: event.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': `${l.price} ${row.id}` } }}
                      sx={{ width: 90 }}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      variant="standard"
                      value={row.qty}
                      onChange={(event) => change(row.id, { qty: event.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': `${l.qty} ${row.id}` } }}
                      sx={{ width: 60 }}
                    />
                  </TableCell>
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-label={`${texts.upload.remove} ${row.item}`}
                      onClick={() => setRows(rows.filter((one) => one.id !== row.id))}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Button startIcon={<Add />} onClick={() => setRows(addInvoiceRow(rows))} sx={{ my: 2 }}>
          {l.addRow}
        </Button>
        <Typography variant="h6" component="p" sx={{ textAlign: 'right' }}>
          {l.total}: ${invoiceTotal(rows).toFixed(2)}
        </Typography>
        <TextField
          label={l.note}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          fullWidth
          sx={{ mt: 2 }}
        />
      </Paper>
    </DemoPage>
  );
}
