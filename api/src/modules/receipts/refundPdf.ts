// A refund receipt as a PDF: the payment receipt's page, header and rows (pdfPage.ts).
import { amountInWords } from '@app/contract/amountInWords';
import type { ReceiptFormat } from '@app/contract/receipts';
import type { RefundReceipt } from '@app/contract/refunds';
import { receiptLabels, type ReceiptLang } from './labels.ts';
import { printDocument, type Page } from './pdfPage.ts';
import { drawSignatory, drawTaxDocumentBody, drawTaxDocumentHead } from './taxDocumentPdf.ts';

export function refundPdf(
  receipt: RefundReceipt,
  format: ReceiptFormat,
  lang: ReceiptLang,
  compress = true,
): Promise<Buffer> {
  const L = receiptLabels[lang];
  return printDocument(
    { format, lang, issuer: receipt, title: `${L.refundReceipt} ${receipt.refund.refundNumber}`, compress },
    (page) => drawRefund(page, receipt, lang),
  );
}

function drawRefund(page: Page, receipt: RefundReceipt, lang: ReceiptLang) {
  const L = receiptLabels[lang];
  const { refund: r, payment: p, organisation: org } = receipt;
  // The credit note of a refund of a tax invoice (issue 44, point 3) comes below the refund.
  const note = receipt.creditNote;
  const { doc, inner, size, text, row, rule, money, date } = page;
  page.issuerHeader(L.taxId);

  text(L.refundReceipt.toUpperCase(), { font: 'bold', size: page.layout.title, width: inner });
  row(`${L.number}: ${r.refundNumber}`, `${L.date}: ${date(r.refundedAt)}`, 'bold');
  text(`${L.member}: ${r.memberName} · ${r.memberMobile}`, { width: inner });
  text(`${L.againstReceipt}: ${p.receiptNumber} · ${date(p.paidAt)} · ${L.received} ${money(p.received)}`, {
    width: inner,
  });
  rule();
  row(L.refunded, money(r.amount), 'bold');
  doc.moveDown(0.4);
  text(`${L.refundedInWords}: ${amountInWords(r.amount, org.currency, lang)}`, { width: inner });
  doc.moveDown(0.4);
  text(`${L.reason}: ${r.reason}`, { width: inner });
  const paidBy = [L.modes[r.mode], r.bankAccountName, r.reference ? `${L.reference} ${r.reference}` : '']
    .filter(Boolean)
    .join(' · ');
  text(`${L.paidOutBy}: ${paidBy}`, { width: inner });
  if (r.note) text(`${L.note}: ${r.note}`, { width: inner });
  text(`${L.recordedBy}: ${r.createdByName ?? '—'}`, { width: inner });
  if (r.endedMembership) {
    doc.moveDown(0.4);
    text(L.membershipEnded, { font: 'bold', width: inner, size });
  }
  if (note) {
    rule();
    drawTaxDocumentHead(page, note, lang);
    drawTaxDocumentBody(page, note, lang, org.currency);
    drawSignatory(page, note, lang);
  }
}
