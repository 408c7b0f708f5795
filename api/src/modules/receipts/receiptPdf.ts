// The receipt as a PDF (DOMAIN.md, Receipt): A4, or an 80 mm strip for thermal printers. DejaVu Sans
// comes with the npm package dejavu-fonts-ttf, so '₹' and German letters print on any machine.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { amountInWords } from '@app/contract/amountInWords';
import { formatMoney } from '@app/contract/money';
import type { Receipt, ReceiptFormat } from '@app/contract/receipts';
import { receiptLabels, type ReceiptLang } from './labels.ts';

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const regular = join(fontDir, 'DejaVuSans.ttf');
const bold = join(fontDir, 'DejaVuSans-Bold.ttf');

const mm = 72 / 25.4;
const layouts = {
  a4: { width: 595.28, margin: 50, base: 10, title: 18, qr: 96 },
  thermal: { width: 80 * mm, margin: 8, base: 7.5, title: 11, qr: 84 },
} as const;

export function receiptPdf(
  receipt: Receipt,
  format: ReceiptFormat,
  lang: ReceiptLang,
  compress = true,
): Promise<Buffer> {
  const L = receiptLabels[lang];
  const layout = layouts[format];
  const { payment: p, organisation: org } = receipt;
  const locale = lang === 'de' ? 'de-DE' : org.locale;
  const money = (minor: number) => formatMoney(minor, org.currency, locale);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );

  // An 80 mm strip is as long as its content: lines and optional rows decide the height.
  const rows = p.lines.length + [p.duesSettled, p.lateFine, p.discount].filter((v) => v > 0).length;
  const height = format === 'a4' ? 841.89 : 380 + rows * 12 + (p.status === 'voided' ? 30 : 0);
  const doc = new PDFDocument({
    size: [layout.width, height],
    margin: layout.margin,
    compress,
    info: { Title: `${L.receipt} ${p.receiptNumber}`, Author: org.name },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const left = layout.margin;
  const inner = layout.width - 2 * layout.margin;
  const size = layout.base;
  const text = (
    value: string,
    opts: PDFKit.Mixins.TextOptions & { font?: 'regular' | 'bold'; size?: number } = {},
  ) =>
    doc
      .font(opts.font ?? 'regular')
      .fontSize(opts.size ?? size)
      .fillColor('#000')
      .text(value, opts);
  /** A label on the left and an amount on the right, on one line. */
  const row = (label: string, value: string, font: 'regular' | 'bold' = 'regular') => {
    const y = doc.y;
    doc
      .font(font)
      .fontSize(size)
      .text(label, left, y, { width: inner * 0.62 });
    const after = doc.y;
    doc
      .font(font)
      .fontSize(size)
      .text(value, left + inner * 0.62, y, { width: inner * 0.38, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  };
  const rule = () => {
    doc.moveDown(0.3);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + inner, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999')
      .stroke();
    doc.moveDown(0.4);
  };

  // Who issued it.
  const qrSize = layout.qr;
  const headWidth = format === 'a4' ? inner - qrSize - 12 : inner;
  text(org.name, { font: 'bold', size: layout.title, width: headWidth });
  if (org.address) text(org.address, { width: headWidth });
  if (org.taxId) text(`${L.taxId}: ${org.taxId}`, { width: headWidth });
  const branchLine = [receipt.branch.name, receipt.branch.address, receipt.branch.phone]
    .filter(Boolean)
    .join(' · ');
  text(branchLine, { width: headWidth });
  const qrImage = Buffer.from(receipt.qrDataUrl.split(',')[1]!, 'base64');
  if (format === 'a4') doc.image(qrImage, left + inner - qrSize, layout.margin, { width: qrSize });
  doc.moveDown(0.6);
  if (format === 'a4') doc.y = Math.max(doc.y, layout.margin + qrSize + 6);

  text(L.receipt.toUpperCase(), { font: 'bold', size: layout.title, width: inner });
  row(`${L.number}: ${p.receiptNumber}`, `${L.date}: ${date(p.paidAt)}`, 'bold');
  text(`${L.member}: ${p.memberName} · ${p.memberMobile}`, { width: inner });
  if (p.feeStructureName) text(`${L.feeStructure}: ${p.feeStructureName}`, { width: inner });
  if (p.coversFrom && p.coversTill) {
    text(`${L.period}: ${date(p.coversFrom)} – ${date(p.coversTill)}`, { width: inner });
  }
  rule();

  for (const line of p.lines) row(line.name, money(line.amount));
  if (p.duesSettled > 0) row(L.previousDues, money(p.duesSettled));
  if (p.lateFine > 0) row(L.lateFine, money(p.lateFine));
  if (p.lateFineWaiverReason)
    text(`${L.fineLowered}: ${p.lateFineWaiverReason}`, { width: inner, size: size - 1 });
  if (p.discount > 0)
    row(`${L.discount}${p.discountReason ? ` (${p.discountReason})` : ''}`, `−${money(p.discount)}`);
  rule();
  row(L.total, money(p.total), 'bold');
  row(L.received, money(p.received), 'bold');
  if (p.due > 0) row(L.due, money(p.due), 'bold');
  doc.moveDown(0.4);
  text(`${L.inWords}: ${amountInWords(p.received, org.currency, lang)}`, { width: inner });
  doc.moveDown(0.4);
  const paidBy = [L.modes[p.mode], p.bankAccountName, p.reference ? `${L.reference} ${p.reference}` : '']
    .filter(Boolean)
    .join(' · ');
  text(`${L.mode}: ${paidBy}`, { width: inner });
  if (p.note) text(`${L.note}: ${p.note}`, { width: inner });
  text(`${L.recordedBy}: ${p.createdByName ?? '—'}`, { width: inner });

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
    // A large diagonal VOID across the page, behind nothing it would hide.
    // Over the receipt's content (the top of an A4 sheet), not the empty lower half.
    const middle = format === 'a4' ? 300 : height / 2;
    doc.save();
    doc.rotate(-30, { origin: [layout.width / 2, middle] });
    doc
      .font('bold')
      .fontSize(format === 'a4' ? 120 : 48)
      .fillColor('#d32f2f')
      .fillOpacity(0.25)
      .text('VOID', 0, middle - (format === 'a4' ? 70 : 28), { width: layout.width, align: 'center' });
    doc.restore();
  }
  doc.end();
  return done;
}
