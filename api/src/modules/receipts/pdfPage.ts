// The pieces every printed money document shares (payment and refund receipts): A4, or an 80 mm strip
// for thermal printers, DejaVu Sans from the npm package dejavu-fonts-ttf (so '₹' and German letters
// print on any machine), the issuer's header, label/amount rows and rules.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatDay } from '@app/contract/dayFormat';
import { formatMoney } from '@app/contract/money';
import type { ReceiptFormat } from '@app/contract/receipts';

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const regular = join(fontDir, 'DejaVuSans.ttf');
const bold = join(fontDir, 'DejaVuSans-Bold.ttf');

const mm = 72 / 25.4;
export const layouts = {
  a4: { width: 595.28, margin: 50, base: 10, title: 18, qr: 96 },
  thermal: { width: 80 * mm, margin: 8, base: 7.5, title: 11, qr: 84 },
} as const;

export type Issuer = {
  organisation: { name: string; address: string; taxId: string; currency: string; locale: string };
  branch: { name: string; address: string; phone: string };
};

type TextOptions = PDFKit.Mixins.TextOptions & { font?: 'regular' | 'bold'; size?: number };

/** A new document of the format's width and `height`, with the helpers the receipts draw with. */
export function pdfPage(opts: {
  format: ReceiptFormat;
  height: number;
  lang: 'en' | 'de';
  issuer: Issuer;
  title: string;
  compress: boolean;
}) {
  const { format, issuer } = opts;
  const layout = layouts[format];
  const org = issuer.organisation;
  const locale = opts.lang === 'de' ? 'de-DE' : org.locale;
  const doc = new PDFDocument({
    size: [layout.width, opts.height],
    margin: layout.margin,
    compress: opts.compress,
    info: { Title: opts.title, Author: org.name },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const left = layout.margin;
  const inner = layout.width - 2 * layout.margin;
  const size = layout.base;
  const text = (value: string, o: TextOptions = {}) =>
    doc
      .font(o.font ?? 'regular')
      .fontSize(o.size ?? size)
      .fillColor('#000')
      .text(value, o);
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
  /** Who issued it; on A4 a QR code (PNG) may sit at the top right. */
  const issuerHeader = (taxIdLabel: string, qrImage?: Buffer) => {
    const qrSize = layout.qr;
    const withQr = format === 'a4' && qrImage !== undefined;
    const headWidth = withQr ? inner - qrSize - 12 : inner;
    text(org.name, { font: 'bold', size: layout.title, width: headWidth });
    if (org.address) text(org.address, { width: headWidth });
    if (org.taxId) text(`${taxIdLabel}: ${org.taxId}`, { width: headWidth });
    const branchLine = [issuer.branch.name, issuer.branch.address, issuer.branch.phone]
      .filter(Boolean)
      .join(' · ');
    text(branchLine, { width: headWidth });
    if (withQr) doc.image(qrImage, left + inner - qrSize, layout.margin, { width: qrSize });
    doc.moveDown(0.6);
    if (withQr) doc.y = Math.max(doc.y, layout.margin + qrSize + 6);
  };
  return {
    doc,
    done,
    layout,
    left,
    inner,
    size,
    text,
    row,
    rule,
    issuerHeader,
    money: (minor: number) => formatMoney(minor, org.currency, locale),
    // As the organisation's screens write a day ('07/12/2026' in en-IN), not '7 Dec 2026' (issue 41, point 8).
    date: (iso: string) => formatDay(iso.slice(0, 10), locale),
  };
}
