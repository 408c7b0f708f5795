// Reading the first worksheet of an XLSX workbook as rows of text (issue 44, point 6: banks export
// statements as spreadsheets). An XLSX file is a ZIP of XML parts; the few parts a table needs are
// found through the ZIP's central directory and inflated with node:zlib, so no package is added.
import { inflateRawSync } from 'node:zlib';

export class XlsxReadError extends Error {}

/** The ZIP's entries by name: where each starts, how it is stored, and its sizes. */
function zipEntries(zip: Buffer) {
  // The end-of-central-directory record is in the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new XlsxReadError('not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, { method: number; size: number; local: number }>();
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new XlsxReadError('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, { method, size, local });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function readEntry(zip: Buffer, entries: ReturnType<typeof zipEntries>, name: string): string | null {
  const entry = entries.get(name);
  if (!entry) return null;
  const { local, method, size } = entry;
  if (zip.readUInt32LE(local) !== 0x04034b50) throw new XlsxReadError('bad local header');
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const data = zip.subarray(start, start + size);
  if (method === 0) return data.toString('utf8');
  if (method === 8) return inflateRawSync(data).toString('utf8');
  throw new XlsxReadError(`compression ${method}`);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : entities[e.toLowerCase()]!,
  );

/** The text of every <t> inside one piece of XML (a shared string's runs, an inline string). */
const textOf = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1]!)).join('');

/** 'AB' -> 27 (0-based column index). */
function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

/** The first worksheet the workbook lists. */
function firstSheetPath(zip: Buffer, entries: ReturnType<typeof zipEntries>): string {
  const workbook = readEntry(zip, entries, 'xl/workbook.xml');
  const rels = readEntry(zip, entries, 'xl/_rels/workbook.xml.rels');
  const rid = workbook && /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  if (rid && rels) {
    for (const m of rels.matchAll(/<Relationship\b[^>]*>/g)) {
      if (m[0].includes(`Id="${rid}"`)) {
        const target = /Target="([^"]+)"/.exec(m[0])?.[1];
        if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      }
    }
  }
  const any = [...entries.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort()[0];
  if (!any) throw new XlsxReadError('no worksheet');
  return any;
}

/**
 * The first worksheet's rows, each a list of cell texts by column (empty cells ''). Numbers are
 * their stored text (a date cell is its serial number: the caller knows which columns hold dates).
 */
export function readXlsxRows(file: Buffer): string[][] {
  try {
    const entries = zipEntries(file);
    const sharedXml = readEntry(file, entries, 'xl/sharedStrings.xml');
    const shared = sharedXml
      ? [...sharedXml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!))
      : [];
    const sheet = readEntry(file, entries, firstSheetPath(file, entries));
    if (sheet === null) throw new XlsxReadError('no worksheet');
    const rows: string[][] = [];
    for (const row of sheet.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
      const cells: string[] = [];
      for (const cell of (row[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const attrs = cell[1]!;
        const body = cell[2] ?? '';
        const ref = /\br="([A-Z]+)\d*"/.exec(attrs)?.[1];
        const type = /\bt="([^"]+)"/.exec(attrs)?.[1];
        const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
        let text = '';
        if (type === 's') text = shared[Number(value)] ?? '';
        else if (type === 'inlineStr') text = textOf(body);
        else if (value !== undefined) text = unescapeXml(value);
        const at = ref ? columnIndex(ref) : cells.length;
        while (cells.length < at) cells.push('');
        cells[at] = text;
      }
      rows.push(cells);
    }
    return rows;
  } catch (err) {
    if (err instanceof XlsxReadError) throw err;
    // A truncated or foreign file fails inside the buffer reads or the inflate.
    throw new XlsxReadError(err instanceof Error ? err.message : String(err));
  }
}
