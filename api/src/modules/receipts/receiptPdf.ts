// The payment receipt as a PDF (DOMAIN.md, Receipt): A4, or an 80 mm strip for thermal printers.
import { amountInWords } from '@app/contract/amountInWords';
import type { Receipt, ReceiptFormat } from '@app/contract/receipts';
import { receiptLabels, type ReceiptLang } from './labels.ts';
import { printDocument, type Page } from './pdfPage.ts';
import { drawSignatory, drawTaxDocumentBody, drawTaxDocumentHead } from './taxDocumentPdf.ts';

export function receiptPdf(
  receipt: Receipt,
  format: ReceiptFormat,
  lang: ReceiptLang,
  compress = true,
): Promise<Buffer> {
  const L = receiptLabels[lang];
  const p = receipt.payment;
  // A payment at a branch with GST on is its tax invoice or bill of supply (issue 44, point 2).
  const gst = receipt.taxDocument;
  return printDocument(
    {
      format,
      lang,
      issuer: receipt,
      title: gst ? `${L.gst.titles[gst.kind]} ${gst.number}` : `${L.receipt} ${p.receiptNumber}`,
      compress,
    },
    (page) => drawReceipt(page, receipt, lang),
  );
}

function drawReceipt(page: Page, receipt: Receipt, lang: ReceiptLang) {
  const L = receiptLabels[lang];
  const { payment: p, organisation: org } = receipt;
  const gst = receipt.taxDocument;
  const { format, doc, layout, left, inner, size, text, row, rule, money, date } = page;

  const qrImage = Buffer.from(receipt.qrDataUrl.split(',')[1]!, 'base64');
  const qrSize = layout.qr;
  page.issuerHeader(L.taxId, qrImage);

  if (gst) {
    drawTaxDocumentHead(page, gst, lang);
    text(`${L.gst.receiptNumber}: ${p.receiptNumber}`, { width: inner });
  } else {
    text(L.receipt.toUpperCase(), { font: 'bold', size: layout.title, width: inner });
    row(`${L.number}: ${p.receiptNumber}`, `${L.date}: ${date(p.paidAt)}`, 'bold');
  }
  text(`${L.member}: ${p.memberName} · ${p.memberMobile}`, { width: inner });
  if (p.feeStructureName) text(`${L.feeStructure}: ${p.feeStructureName}`, { width: inner });
  if (p.coversFrom && p.coversTill) {
    text(`${L.period}: ${date(p.coversFrom)} – ${date(p.coversTill)}`, { width: inner });
  }
  if (receipt.wifi) {
    text(`${L.wifi}: ${receipt.wifi.username} · ${L.wifiPin} ${receipt.wifi.pin}`, { width: inner });
  }
  rule();

  if (gst) {
    // The invoice's lines hold the fees, late fine and discount; earlier dues were invoiced before.
    drawTaxDocumentBody(page, gst, lang, org.currency);
    rule();
    if (p.duesSettled > 0) row(L.previousDues, money(p.duesSettled));
  } else {
    for (const line of p.lines) row(line.name, money(line.amount));
    if (p.duesSettled > 0) row(L.previousDues, money(p.duesSettled));
    if (p.lateFine > 0) row(L.lateFine, money(p.lateFine));
    if (p.lateFineWaiverReason)
      text(`${L.fineLowered}: ${p.lateFineWaiverReason}`, { width: inner, size: size - 1 });
    if (p.discount > 0)
      row(`${L.discount}${p.discountReason ? ` (${p.discountReason})` : ''}`, `−${money(p.discount)}`);
    rule();
  }
  // The invoice's total stands above; the payment's differs from it only by earlier dues.
  if (!gst || p.duesSettled > 0) row(L.total, money(p.total), 'bold');
  row(L.received, money(p.received), 'bold');
  // What the payment left owing when it was made: a receipt is the record of that moment.
  if (p.leftOwing > 0) row(L.due, money(p.leftOwing), 'bold');
  doc.moveDown(0.4);
  text(`${L.inWords}: ${amountInWords(p.received, org.currency, lang)}`, { width: inner });
  doc.moveDown(0.4);
  const paidBy = [L.modes[p.mode], p.bankAccountName, p.reference ? `${L.reference} ${p.reference}` : '']
    .filter(Boolean)
    .join(' · ');
  text(`${L.mode}: ${paidBy}`, { width: inner });
  if (p.note) text(`${L.note}: ${p.note}`, { width: inner });
  text(`${L.recordedBy}: ${p.createdByName ?? '—'}`, { width: inner });
  if (gst) drawSignatory(page, gst, lang);

  if (p.status === 'voided') {
    doc.moveDown(0.4);
    text(`${L.void}: ${p.voidReason ?? ''}`, { font: 'bold', width: inner });
  }

  doc.moveDown(0.8);
  if (format === 'thermal') {
    doc.image(qrImage, left + (inner - qrSize) / 2, doc.y, { width: qrSize });
    doc.y += qrSize + 4;
  }
  text(`${L.verify}: ${receipt.verifyUrl}`, {
    width: inner,
    size: size - 1,
    align: format === 'thermal' ? 'center' : 'left',
  });

  if (p.status === 'voided') {
    // A large diagonal stamp (VOID, रद्द) across the receipt's content (the top of an A4 sheet, not
    // its empty lower half), sized to fit the width; the strip's length is where its content ends.
    const contentEnd = doc.y;
    const middle = format === 'a4' ? 300 : page.height / 2;
    const stamp = L.void;
    const fullSize = format === 'a4' ? 120 : 48;
    doc.font(page.font('bold', stamp)).fontSize(fullSize);
    const fontSize = Math.min(fullSize, (fullSize * layout.width * 0.8) / doc.widthOfString(stamp));
    doc.save();
    doc.rotate(-30, { origin: [layout.width / 2, middle] });
    doc
      .fontSize(fontSize)
      .fillColor('#d32f2f')
      .fillOpacity(0.25)
      .text(stamp, 0, middle - fontSize * 0.6, { width: layout.width, align: 'center', lineBreak: false });
    doc.restore();
    doc.y = contentEnd;
  }
}
