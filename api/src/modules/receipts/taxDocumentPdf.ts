// A GST document on paper (issue 44, points 2 and 3; CGST Rule 46): the tax invoice or bill of supply
// a payment receipt carries, the credit note of a refund or void. drawTaxDocument draws it into a
// receipt's page; taxDocumentPdf prints it on a page of its own.
import { amountInWords } from '@app/contract/amountInWords';
import type { TaxDocument } from '@app/contract/gst';
import type { GstStateCode } from '@app/contract/gstNames';
import type { ReceiptFormat } from '@app/contract/receipts';
import { receiptLabels, type ReceiptLang } from './labels.ts';
import { printDocument, type Issuer, type Page, type Weight } from './pdfPage.ts';

/** 'Maharashtra (27)', 'महाराष्ट्र (27)'. */
const stateName = (lang: ReceiptLang, code: string | null) =>
  code === null ? '' : `${receiptLabels[lang].gst.states[code as GstStateCode] ?? ''} (${code})`;

/** The document's title, number and date: the first lines under the issuer's header. */
export function drawTaxDocumentHead(page: Page, doc: TaxDocument, lang: ReceiptLang) {
  const G = receiptLabels[lang].gst;
  const L = receiptLabels[lang];
  page.text(G.titles[doc.kind].toUpperCase(), { font: 'bold', size: page.layout.title, width: page.inner });
  page.row(`${L.number}: ${doc.number}`, `${L.date}: ${page.date(doc.issuedAt)}`, 'bold');
  if (doc.against) {
    page.text(`${G.againstInvoice}: ${doc.against.number} · ${page.date(doc.against.issuedAt)}`, {
      width: page.inner,
    });
  }
  if (doc.reason) page.text(`${L.reason}: ${G.reasons[doc.reason]}`, { width: page.inner });
}

/** Supplier, recipient, place of supply, the lines with their tax, totals, words and signature. */
export function drawTaxDocumentBody(page: Page, doc: TaxDocument, lang: ReceiptLang, currency: string) {
  const G = receiptLabels[lang].gst;
  const { text, row, rule, money, inner, left, size, doc: pdf } = page;
  const thermal = page.layout.width < 300;
  const party = (label: string, p: TaxDocument['supplier']) => {
    text(`${label}: ${p.name}`, { font: 'bold', width: inner });
    if (p.address) text(p.address, { width: inner });
    const facts = [
      p.gstin ? `${G.gstin}: ${p.gstin}` : '',
      p.stateCode ? `${G.state}: ${stateName(lang, p.stateCode)}` : '',
    ]
      .filter(Boolean)
      .join(' · ');
    if (facts) text(facts, { width: inner });
  };
  party(G.supplier, doc.supplier);
  party(G.recipient, doc.recipient);
  if (doc.placeOfSupply) text(`${G.placeOfSupply}: ${stateName(lang, doc.placeOfSupply)}`, { width: inner });
  rule();

  const taxed = doc.supply !== null;
  if (thermal) {
    for (const l of doc.lines) {
      text(`${l.description}${l.sac ? ` · ${G.sac} ${l.sac}` : ''}`, { font: 'bold', width: inner });
      if (taxed) row(G.taxable, money(l.taxable));
      if (taxed && doc.supply === 'intra') {
        row(`${G.cgst} ${l.rate / 2}%`, money(l.cgst));
        row(`${G.sgst} ${l.rate / 2}%`, money(l.sgst));
      } else if (taxed) row(`${G.igst} ${l.rate}%`, money(l.igst));
      row(G.amount, money(l.amount));
    }
  } else {
    // A4: one row a line. Columns: SAC, description, taxable, rate, CGST, SGST (or IGST), amount.
    const cols = taxed
      ? doc.supply === 'intra'
        ? [0.1, 0.26, 0.15, 0.08, 0.13, 0.13, 0.15]
        : [0.1, 0.3, 0.17, 0.08, 0.17, 0.18]
      : [0.15, 0.6, 0.25];
    const heads = taxed
      ? doc.supply === 'intra'
        ? [G.sac, G.description, G.taxable, G.rate, G.cgst, G.sgst, G.amount]
        : [G.sac, G.description, G.taxable, G.rate, G.igst, G.amount]
      : [G.sac, G.description, G.amount];
    const cells = (values: string[], weight: Weight) => {
      const y = pdf.y;
      let x = left;
      let bottom = y;
      values.forEach((v, i) => {
        const width = inner * cols[i]!;
        pdf
          .font(page.font(weight, v))
          .fontSize(size - 1)
          .text(v, x, y, { width: width - 4, align: i >= 2 ? 'right' : 'left' });
        bottom = Math.max(bottom, pdf.y);
        x += width;
      });
      pdf.y = bottom + 2;
      pdf.x = left;
    };
    cells(heads, 'bold');
    for (const l of doc.lines) {
      const tax = taxed
        ? doc.supply === 'intra'
          ? [`${l.rate}%`, money(l.cgst), money(l.sgst)]
          : [`${l.rate}%`, money(l.igst)]
        : [];
      const taxable = taxed ? [money(l.taxable)] : [];
      cells([l.sac, l.description, ...taxable, ...tax, money(l.amount)], 'regular');
    }
  }
  rule();
  if (taxed) row(G.taxable, money(doc.taxable));
  if (doc.supply === 'intra') {
    row(G.cgst, money(doc.cgst));
    row(G.sgst, money(doc.sgst));
  } else if (doc.supply === 'inter') row(G.igst, money(doc.igst));
  row(G.documentTotal, money(doc.total), 'bold');
  pdf.moveDown(0.3);
  text(`${G.totalInWords}: ${amountInWords(doc.total, currency, lang)}`, { width: inner });
  if (taxed) text(G.reverseCharge, { width: inner });
  else text(G.noTax, { width: inner, size: size - 1 });
}

/** "For {supplier}" and the line the authorised signatory signs on. */
export function drawSignatory(page: Page, doc: TaxDocument, lang: ReceiptLang) {
  const G = receiptLabels[lang].gst;
  const { doc: pdf, left, inner, text } = page;
  pdf.moveDown(1);
  const width = Math.min(inner, 200);
  const x = left + inner - width;
  pdf.x = x;
  text(G.forSupplier(doc.supplier.name), { width, align: 'right' });
  pdf.moveDown(1.6);
  pdf
    .moveTo(x, pdf.y)
    .lineTo(x + width, pdf.y)
    .lineWidth(0.5)
    .strokeColor('#000')
    .stroke();
  pdf.moveDown(0.2);
  pdf.x = x;
  text(G.signatory, { width, align: 'right' });
  pdf.x = left;
}

/** A GST document on a page of its own (a credit note of a void, a reprint of an invoice). */
export function taxDocumentPdf(
  issuer: Issuer,
  doc: TaxDocument,
  format: ReceiptFormat,
  lang: ReceiptLang,
  compress = true,
): Promise<Buffer> {
  const L = receiptLabels[lang];
  return printDocument(
    { format, lang, issuer, title: `${L.gst.titles[doc.kind]} ${doc.number}`, compress },
    (page) => {
      page.issuerHeader(L.taxId);
      drawTaxDocumentHead(page, doc, lang);
      page.rule();
      drawTaxDocumentBody(page, doc, lang, issuer.organisation.currency);
      drawSignatory(page, doc, lang);
    },
  );
}
