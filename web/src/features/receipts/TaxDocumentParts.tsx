import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { amountInWords } from '@app/contract/amountInWords';
import type { TaxDocument } from '@app/contract/gst';
import { gstStates } from '@app/contract/gstNames';
import type { ReceiptFormat } from '@app/contract/receipts';
import { DocumentRow, useDocumentFormat, type Issuer } from './ReceiptParts';

// A GST document on the screen's paper (issue 44; CGST Rule 46): the tax invoice or bill of supply
// a payment's receipt is, the credit note of a refund or void. The same elements as the server's PDF
// (api/src/modules/receipts/taxDocumentPdf.ts).

const stateName = (code: string | null) =>
  code === null ? '' : `${gstStates[code as keyof typeof gstStates] ?? ''} (${code})`;

/** Title, number and date; a credit note also names its invoice and why. */
export function TaxDocumentHead({
  doc,
  format,
  issuer,
}: {
  doc: TaxDocument;
  format: ReceiptFormat;
  issuer: Issuer;
}) {
  const { t } = useTranslation();
  const { date } = useDocumentFormat(issuer.organisation);
  return (
    <>
      <Typography
        variant={format === 'thermal' ? 'subtitle1' : 'h5'}
        component="h2"
        sx={{ fontWeight: 700, mt: 2 }}
      >
        {t(`gst.titles.${doc.kind}`)}
      </Typography>
      <DocumentRow
        label={t('receipt.number', { number: doc.number })}
        value={t('receipt.date', { date: date(doc.issuedAt) })}
        strong
      />
      {doc.against && (
        <Typography variant="body2">
          {t('gst.againstInvoice', { number: doc.against.number, date: date(doc.against.issuedAt) })}
        </Typography>
      )}
      {doc.reason && <Typography variant="body2">{t(`gst.reasons.${doc.reason}`)}</Typography>}
    </>
  );
}

function Party({ label, party }: { label: string; party: TaxDocument['supplier'] }) {
  const { t } = useTranslation();
  const facts = [
    party.gstin ? t('gst.gstin', { gstin: party.gstin }) : '',
    party.stateCode ? t('gst.state', { state: stateName(party.stateCode) }) : '',
  ].filter(Boolean);
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {label}: {party.name}
      </Typography>
      {party.address && <Typography variant="body2">{party.address}</Typography>}
      {facts.length > 0 && <Typography variant="body2">{facts.join(' · ')}</Typography>}
    </Box>
  );
}

/** Parties, place of supply, the lines with their tax, totals, words and the reverse-charge line. */
export function TaxDocumentBody({
  doc,
  format,
  issuer,
}: {
  doc: TaxDocument;
  format: ReceiptFormat;
  issuer: Issuer;
}) {
  const { t } = useTranslation();
  const { lang, money } = useDocumentFormat(issuer.organisation);
  const taxed = doc.supply !== null;
  const intra = doc.supply === 'intra';
  const row = (label: string, value: string, strong = false) => (
    <DocumentRow label={label} value={value} strong={strong} />
  );
  const heads = [
    t('gst.sac'),
    t('gst.description'),
    ...(taxed ? [t('gst.taxable'), t('gst.rate')] : []),
    ...(taxed ? (intra ? [t('gst.cgst'), t('gst.sgst')] : [t('gst.igst')]) : []),
    t('gst.amount'),
  ];
  return (
    <>
      <Party label={t('gst.supplier')} party={doc.supplier} />
      <Party label={t('gst.recipient')} party={doc.recipient} />
      {doc.placeOfSupply && (
        <Typography variant="body2">
          {t('gst.placeOfSupply', { state: stateName(doc.placeOfSupply) })}
        </Typography>
      )}
      <Divider />
      {format === 'thermal' ? (
        doc.lines.map((l, i) => (
          <Box key={i}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {l.description}
              {l.sac ? ` · ${t('gst.sac')} ${l.sac}` : ''}
            </Typography>
            {taxed && row(t('gst.taxable'), money(l.taxable))}
            {intra && row(`${t('gst.cgst')} ${l.rate / 2} %`, money(l.cgst))}
            {intra && row(`${t('gst.sgst')} ${l.rate / 2} %`, money(l.sgst))}
            {doc.supply === 'inter' && row(`${t('gst.igst')} ${l.rate} %`, money(l.igst))}
            {row(t('gst.amount'), money(l.amount))}
          </Box>
        ))
      ) : (
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
          <thead>
            <tr>
              {heads.map((h, i) => (
                <Box component="th" key={h} sx={{ textAlign: i >= 2 ? 'right' : 'left', pb: 0.5 }}>
                  {h}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {doc.lines.map((l, i) => {
              const cells = [
                l.sac,
                l.description,
                ...(taxed ? [money(l.taxable), `${l.rate} %`] : []),
                ...(taxed ? (intra ? [money(l.cgst), money(l.sgst)] : [money(l.igst)]) : []),
                money(l.amount),
              ];
              return (
                <tr key={i}>
                  {cells.map((c, j) => (
                    <Box component="td" key={j} sx={{ textAlign: j >= 2 ? 'right' : 'left' }}>
                      {c}
                    </Box>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </Box>
      )}
      <Divider />
      {taxed && row(t('gst.taxable'), money(doc.taxable))}
      {intra && row(t('gst.cgst'), money(doc.cgst))}
      {intra && row(t('gst.sgst'), money(doc.sgst))}
      {doc.supply === 'inter' && row(t('gst.igst'), money(doc.igst))}
      {row(t('gst.total'), money(doc.total), true)}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('gst.inWords', { words: amountInWords(doc.total, issuer.organisation.currency, lang) })}
      </Typography>
      <Typography variant={taxed ? 'body2' : 'caption'} component="p">
        {taxed ? t('gst.reverseCharge') : t('gst.noTax')}
      </Typography>
    </>
  );
}

/** "For {supplier}" above the line the authorised signatory signs on. */
export function TaxSignatory({ doc }: { doc: TaxDocument }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ ml: 'auto', mt: 2, width: '100%', maxWidth: 260, textAlign: 'right' }}>
      <Typography variant="body2">{t('gst.forSupplier', { name: doc.supplier.name })}</Typography>
      <Box sx={{ borderTop: '1px solid #000', mt: 4, pt: 0.5 }}>
        <Typography variant="body2">{t('gst.signatory')}</Typography>
      </Box>
    </Box>
  );
}
