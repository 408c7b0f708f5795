// The pieces every printed money document shares (payment and refund receipts, GST documents): A4,
// or an 80 mm strip for thermal printers, the issuer's header, label/amount rows and rules.
//
// Fonts: DejaVu Sans from the npm package dejavu-fonts-ttf (so '₹' and German letters print on any
// machine); Hindi documents, and any text in Devanagari on the others (a member's name), in Noto Sans
// Devanagari from @expo-google-fonts/noto-sans-devanagari (OFL; it has Latin, '₹', '–' and '·' too,
// so a Hindi document is one family). pdfkit shapes through fontkit (conjuncts, reph, the ि before
// its consonant) and embeds only the glyphs used (a subset).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatDay } from '@app/contract/dayFormat';
import { formatMoney } from '@app/contract/money';
import type { ReceiptFormat } from '@app/contract/receipts';
import type { ReceiptLang } from './labels.ts';

const packageDir = (name: string) => dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
const dejavu = join(packageDir('dejavu-fonts-ttf'), 'ttf');
const noto = packageDir('@expo-google-fonts/noto-sans-devanagari');
const fontFiles = {
  regular: join(dejavu, 'DejaVuSans.ttf'),
  bold: join(dejavu, 'DejaVuSans-Bold.ttf'),
  'deva-regular': join(noto, '400Regular', 'NotoSansDevanagari_400Regular.ttf'),
  'deva-bold': join(noto, '700Bold', 'NotoSansDevanagari_700Bold.ttf'),
} as const;
type FontName = keyof typeof fontFiles;
export type Weight = 'regular' | 'bold';
/** Read once per process; pdfkit parses and subsets them per document. */
const fontData = new Map<FontName, Buffer>();
const fontBytes = (name: FontName) => {
  let bytes = fontData.get(name);
  if (!bytes) fontData.set(name, (bytes = readFileSync(fontFiles[name])));
  return bytes;
};

const devanagari = /\p{Script=Devanagari}/u;

/** UTF-16BE with its byte order mark, as a PDF text string in hex. */
const pdfTextString = (value: string) => `<feff${Buffer.from(value, 'utf16le').swap16().toString('hex')}>`;

/**
 * Marks each line of Devanagari that pdfkit draws with its text in reading order (ActualText):
 * shaping puts glyphs in visual order (the ि before its consonant, the reph after its cluster), so
 * copying or pdftotext would read 'िक' for 'कि' and 'दजर्' for 'दर्ज' from the glyphs alone. The mark
 * goes inside the line's BT … ET (poppler places text marked outside it on the first line).
 */
function markDevanagariLines(doc: PDFKit.PDFDocument) {
  const pdf = doc as unknown as {
    _fragment: (text: string, x: number, y: number, options: object) => void;
    addContent: (content: string) => unknown;
  };
  const fragment = pdf._fragment.bind(doc);
  const addContent = pdf.addContent.bind(doc);
  pdf._fragment = (text, x, y, options) => {
    if (!devanagari.test(text)) return fragment(text, x, y, options);
    pdf.addContent = (content) => {
      if (content === 'ET') addContent('EMC');
      addContent(content);
      if (content.endsWith(' Tf')) addContent(`/Span << /ActualText ${pdfTextString(text)} >> BDC`);
      return doc;
    };
    try {
      fragment(text, x, y, options);
    } finally {
      pdf.addContent = addContent;
    }
  };
}

/** The locale a document writes dates and money in: Hindi with the organisation's region, in Latin digits unless the organisation chose Devanagari ones. */
function documentLocale(lang: ReceiptLang, orgLocale: string, devanagariDigits = false): string {
  if (lang === 'de') return 'de-DE';
  if (lang === 'hi') {
    let region = 'IN';
    try {
      region = new Intl.Locale(orgLocale).region ?? 'IN';
    } catch {
      // the organisation's locale is not one Intl knows: India's
    }
    return `hi-${region}-u-nu-${devanagariDigits ? 'deva' : 'latn'}`;
  }
  return orgLocale;
}

const mm = 72 / 25.4;
export const layouts = {
  a4: { width: 595.28, margin: 50, base: 10, title: 18, qr: 96 },
  thermal: { width: 80 * mm, margin: 8, base: 7.5, title: 11, qr: 84 },
} as const;

export type Issuer = {
  organisation: {
    name: string;
    address: string;
    taxId: string;
    currency: string;
    locale: string;
    /** Hindi documents write digits in Devanagari (the organisation's setting, issue 48). */
    devanagariDigits?: boolean;
  };
  branch: { name: string; address: string; phone: string };
};

type TextOptions = PDFKit.Mixins.TextOptions & { font?: Weight; size?: number };

export type PageOptions = {
  format: ReceiptFormat;
  lang: ReceiptLang;
  issuer: Issuer;
  title: string;
  compress: boolean;
};

const a4Height = 841.89;
/** The longest page a PDF may have (200 inches): the strip's first, measuring draw. */
const longestPage = 14400;

/** A new document of the format's width and `height`, with the helpers the receipts draw with. */
export function pdfPage(opts: PageOptions & { height: number }) {
  const { format, issuer } = opts;
  const layout = layouts[format];
  const org = issuer.organisation;
  const locale = documentLocale(opts.lang, org.locale, org.devanagariDigits === true);
  const doc = new PDFDocument({
    size: [layout.width, opts.height],
    margin: layout.margin,
    compress: opts.compress,
    lang: opts.lang,
    info: { Title: opts.title, Author: org.name },
  });
  for (const name of Object.keys(fontFiles) as FontName[]) doc.registerFont(name, fontBytes(name));
  markDevanagariLines(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  /** The font a text is drawn in: Noto Sans Devanagari for a Hindi document or a Devanagari text. */
  const font = (weight: Weight, value: string): FontName =>
    opts.lang === 'hi' || devanagari.test(value) ? `deva-${weight}` : weight;
  const left = layout.margin;
  const inner = layout.width - 2 * layout.margin;
  const size = layout.base;
  const text = (value: string, o: TextOptions = {}) =>
    doc
      .font(font(o.font ?? 'regular', value))
      .fontSize(o.size ?? size)
      .fillColor('#000')
      .text(value, o);
  /** A label on the left and an amount on the right, on one line (a long label wraps beside it). */
  const row = (label: string, value: string, weight: Weight = 'regular') => {
    const y = doc.y;
    doc
      .font(font(weight, label))
      .fontSize(size)
      .text(label, left, y, { width: inner * 0.62 });
    const after = doc.y;
    doc
      .font(font(weight, value))
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
    format,
    doc,
    done,
    layout,
    height: opts.height,
    left,
    inner,
    size,
    font,
    text,
    row,
    rule,
    issuerHeader,
    money: (minor: number) => formatMoney(minor, org.currency, locale),
    // As the organisation's screens write a day ('07/12/2026' in en-IN), not '7 Dec 2026' (issue 41, point 8).
    date: (iso: string) => formatDay(iso.slice(0, 10), locale),
  };
}

export type Page = ReturnType<typeof pdfPage>;

/**
 * A printed document: `draw` fills the page. A4 is a sheet (pdfkit turns to a new one should the
 * content need it); an 80 mm strip is as long as its content, whatever wraps: `draw` runs once on
 * the longest strip a PDF allows to measure it, then on a strip of that length (issue 48, point 3:
 * a long Hindi name or fee wraps onto more lines instead of running off the strip).
 */
export function printDocument(opts: PageOptions, draw: (page: Page) => void): Promise<Buffer> {
  let height = a4Height;
  if (opts.format === 'thermal') {
    const probe = pdfPage({ ...opts, height: longestPage, compress: false });
    draw(probe);
    height = Math.ceil(probe.doc.y + probe.layout.margin + 4);
    probe.doc.end();
  }
  const page = pdfPage({ ...opts, height });
  draw(page);
  page.doc.end();
  return page.done;
}
