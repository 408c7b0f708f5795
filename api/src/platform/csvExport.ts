import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { minorDigits } from '@app/contract/money';
import { branches, clients } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { csvLanguages, csvStream, type CsvLanguage, type CsvTable } from './csv.ts';
import { namesFor } from './names.ts';

/** Rows fetched and written at a time: memory stays at one batch whatever the export's size. */
export const exportBatchSize = 1000;

/**
 * The export's language from `Accept-Language`: the one of ours (en, de, hi) the caller prefers most
 * (by q-value, then order), English when it names none of them. The web sends its screen's language
 * alone ('hi' on Hindi screens), so the file speaks as the screen does.
 */
export function exportLanguage(header: string | string[] | undefined): CsvLanguage {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { lang: CsvLanguage; q: number } | null = null;
  for (const part of text.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const primary = tag.trim().split('-')[0] ?? '';
    if (!(csvLanguages as readonly string[]).includes(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (best === null || q > best.q) best = { lang: primary as CsvLanguage, q };
  }
  return best?.lang ?? 'en';
}

/** The organisation's currency digits and the zone instants are written in (branch, else organisation). */
async function exportSetting(db: Db, clientId: number, branchId: number | null) {
  const [row] = await db
    .select({ currency: clients.currency, clientZone: clients.timezone, branchZone: branches.timezone })
    .from(clients)
    .leftJoin(branches, and(eq(branches.clientId, clients.id), eq(branches.id, branchId ?? -1)))
    .where(eq(clients.id, clientId));
  return { digits: minorDigits(row!.currency), timeZone: row!.branchZone ?? row!.clientZone };
}

/**
 * Answers an export: `text/csv` as an attachment named `{file}-{date}.csv` (or `file` itself when it
 * ends in .csv), written from `table` in the request's language, `fetchBatch(n)` giving the n-th
 * batch of the view (an empty one ends it).
 */
export async function sendCsv<R>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: { file: string; table: CsvTable<R>; fetchBatch: (batch: number) => Promise<R[]> },
) {
  const ctx = request.ctx;
  const setting = await exportSetting(db, ctx.clientId, ctx.branchId);
  const lang = exportLanguage(request.headers['accept-language']);
  const stream = csvStream(spec.table, { lang, ...setting }, spec.fetchBatch, (ids) =>
    namesFor(db, ctx.clientId, ids),
  );
  const stamp = new Date().toISOString().slice(0, 10);
  const filename = spec.file.endsWith('.csv') ? spec.file : `${spec.file}-${stamp}.csv`;
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-language', lang)
    .header('vary', 'Accept-Language')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(stream);
}
