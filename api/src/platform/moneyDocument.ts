// One kind of numbered money document (issue 44, point 7): payments, refunds and expenses, and after
// them tax invoices and credit notes, are all "a numbered row of money that is recorded once, never
// edited, voided with a reason, listed, exported and printed". This file serves those routes for
// every kind from one definition, so a new kind is a folder with a definition, not a copy of routes:
//
//   GET  /api/{name}/get{Plural}           the list (listRows paging, the kind's filters and search)
//   GET  /api/{name}/get{Label}Summary     the view's totals (optional: the kind says what they are)
//   GET  /api/{name}/export{Plural}        the whole view as CSV, a batch at a time
//   GET  /api/{name}/get{Label}            one document
//   POST /api/{name}/create{Label}         recorded once per Idempotency-Key, in one transaction
//   PUT  /api/{name}/void{Label}           voided with a reason (optional: refunds are not voided)
//   GET  /api/{name}/get{Printed}          what its printed page needs (optional)
//   GET  /api/{name}/get{Printed}Pdf       the printed page as A4 or an 80 mm slip (optional)
//
// Numbering lives beside it (nextInSeries): a gapless counter per organisation, series key and
// financial year, taken under the counter row's lock inside the document's own transaction.
// Readers of the books (Tally, the bank statement) can enumerate the registered kinds with
// moneyDocumentKinds() instead of knowing each module.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and } from 'drizzle-orm';
import type { z } from 'zod';
import type { Language } from '@app/contract/languages';
import { listResponseSchema, type ListQuery } from '@app/contract/list';
import type { ModuleName } from '@app/contract/modules';
import type { ReceiptFormat } from '@app/contract/receipts';
import type { Db, Tx } from '../db/client.ts';
import type { StaffContext } from './auth.ts';
import type { CsvTable } from './csv.ts';
import { exportBatchSize, sendCsv } from './csvExport.ts';
import { idempotencyKeyOf, once } from './idempotency.ts';
import { listRows, type ListSpec } from './list.ts';

type Action = 'view' | 'add' | 'delete';
type AnySchema = z.ZodType;

/** The printed form of a document: what the page shows, and the page itself. */
export type PrintedDocument<Doc> = {
  /** `Receipt` serves getReceipt and getReceiptPdf. */
  label: string;
  /** OpenAPI tags of the two routes (the kind's tags unless said). */
  tags?: string[];
  schema: AnySchema;
  /** The PDF route's query: the id, `format` (a4, thermal) and `lang` (en, de, hi). */
  pdfQuery: AnySchema;
  load: (ctx: StaffContext, id: number) => Promise<Doc>;
  pdf: (doc: Doc, format: ReceiptFormat, lang: Language) => Promise<Buffer>;
  /** `receipt-DL-B2-2026-27-1.pdf` */
  fileName: (doc: Doc) => string;
};

export type MoneyDocumentKind<Row, Rec, Query extends ListQuery, Doc = unknown> = {
  /**
   * Path segment: `payment`. The paths' words follow from it (`Payment`, `Payments`), as do the
   * id's query parameter (`paymentId`) and the export's file name (`payments-{date}.csv`).
   */
  name: string;
  module: ModuleName;
  tags: string[];
  record: AnySchema;
  listQuery: AnySchema;
  /** `{ paymentId }`: the id's query of get, void and the printed routes. */
  idQuery: AnySchema;
  /** Scope (organisation, branch), the query's filters, sorting and search. */
  listSpec: (ctx: StaffContext, query: Query) => ListSpec;
  /** Stored rows as the API shows them (names beside ids, derived figures). */
  toRecords: (db: Db | Tx, ctx: StaffContext, rows: Row[]) => Promise<Rec[]>;
  /** The stored row of the caller's organisation and branch; 404 for any other. */
  rowById: (db: Db | Tx, ctx: StaffContext, id: number) => Promise<Row>;
  /** The CSV export's columns. */
  csv: CsvTable<Rec>;
  summary?: {
    schema: AnySchema;
    compute: (db: Db, ctx: StaffContext, spec: ListSpec, query: Query) => Promise<unknown>;
  };
  create: {
    input: AnySchema;
    /** Checks and work before the transaction (a switched-off feature, bringing state up to date). */
    before?: (ctx: StaffContext) => Promise<void>;
    record: (tx: Tx, ctx: StaffContext, input: unknown) => Promise<Row>;
  };
  void?: {
    input: AnySchema;
    void: (tx: Tx, ctx: StaffContext, id: number, reason: string) => Promise<Row>;
  };
  printed?: PrintedDocument<Doc>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKind = MoneyDocumentKind<any, any, any, any>;
/** Kept per app: a process may run more than one (the tests do). */
const registries = new WeakMap<FastifyInstance, Map<string, AnyKind>>();

/** The kinds the app serves (by name): payment, refund, expense, ... for readers of the books. */
export const moneyDocumentKinds = (app: FastifyInstance): ReadonlyMap<string, AnyKind> =>
  registries.get(app) ?? new Map();

/** A batch of the kind's records in the view's order, for readers of the books (exports). */
export async function documentBatch<Row, Rec, Query extends ListQuery>(
  db: Db,
  kind: Pick<MoneyDocumentKind<Row, Rec, Query>, 'listSpec' | 'toRecords'>,
  ctx: StaffContext,
  query: Query,
  page: number,
): Promise<Rec[]> {
  const batch = await listRows<Row>(
    db,
    kind.listSpec(ctx, query),
    { ...query, after: undefined, page, pageSize: exportBatchSize },
    { withTotal: false },
  );
  return kind.toRecords(db, ctx, batch.items);
}

export function registerMoneyDocument<Row, Rec, Query extends ListQuery, Doc = unknown>(
  app: FastifyInstance,
  db: Db,
  kind: MoneyDocumentKind<Row, Rec, Query, Doc>,
): void {
  registries.set(app, new Map(moneyDocumentKinds(app)).set(kind.name, kind));
  const { tags } = kind;
  const label = kind.name[0]!.toUpperCase() + kind.name.slice(1);
  const plural = `${label}s`;
  const access = (action: Action) => ({
    access: { module: kind.module, action, branch: 'required' as const },
  });
  const idOf = (request: FastifyRequest) => (request.query as Record<string, number>)[`${kind.name}Id`]!;
  const one = async (tx: Db | Tx, ctx: StaffContext, row: Row) => (await kind.toRecords(tx, ctx, [row]))[0]!;

  app.get(`/api/${kind.name}/get${plural}`, {
    config: access('view'),
    schema: { tags, querystring: kind.listQuery, response: { 200: listResponseSchema(kind.record) } },
    handler: async (request) => {
      const q = request.query as Query;
      const page = await listRows<Row>(db, kind.listSpec(request.ctx, q), q);
      return { ...page, items: await kind.toRecords(db, request.ctx, page.items) };
    },
  });

  if (kind.summary) {
    const summary = kind.summary;
    app.get(`/api/${kind.name}/get${label}Summary`, {
      config: access('view'),
      schema: { tags, querystring: kind.listQuery, response: { 200: summary.schema } },
      handler: async (request) => {
        const q = request.query as Query;
        return summary.compute(db, request.ctx, kind.listSpec(request.ctx, q), q);
      },
    });
  }

  app.get(`/api/${kind.name}/export${plural}`, {
    config: access('view'),
    schema: { tags, querystring: kind.listQuery },
    handler: async (request, reply) => {
      const q = request.query as Query;
      return sendCsv(db, request, reply, {
        file: `${kind.name}s`,
        table: kind.csv,
        fetchBatch: (page) => documentBatch(db, kind, request.ctx, q, page),
      });
    },
  });

  app.get(`/api/${kind.name}/get${label}`, {
    config: access('view'),
    schema: { tags, querystring: kind.idQuery, response: { 200: kind.record } },
    handler: async (request) => one(db, request.ctx, await kind.rowById(db, request.ctx, idOf(request))),
  });

  app.post(`/api/${kind.name}/create${label}`, {
    config: access('add'),
    schema: { tags, body: kind.create.input, response: { 201: kind.record } },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const key = idempotencyKeyOf(request);
      await kind.create.before?.(ctx);
      const answer = await once(
        db,
        { clientId: ctx.clientId, route: `create${label}`, key, body: request.body },
        async (tx) => {
          const row = await kind.create.record(tx, ctx, request.body);
          return { statusCode: 201, body: await one(tx, ctx, row) };
        },
      );
      return reply.status(201).send(answer.body as Rec);
    },
  });

  if (kind.void) {
    const voiding = kind.void;
    app.put(`/api/${kind.name}/void${label}`, {
      config: access('delete'),
      schema: { tags, querystring: kind.idQuery, body: voiding.input, response: { 200: kind.record } },
      handler: async (request) => {
        const ctx = request.ctx;
        const { reason } = request.body as { reason: string };
        const row = await db.transaction((tx) => voiding.void(tx, ctx, idOf(request), reason));
        return one(db, ctx, row);
      },
    });
  }

  if (kind.printed) registerPrinted(app, kind, kind.printed, access('view'), idOf);
}

function registerPrinted<Doc>(
  app: FastifyInstance,
  kind: { name: string; tags: string[]; idQuery: AnySchema },
  printed: PrintedDocument<Doc>,
  config: object,
  idOf: (request: FastifyRequest) => number,
) {
  const tags = printed.tags ?? kind.tags;
  app.get(`/api/${kind.name}/get${printed.label}`, {
    config,
    schema: { tags, querystring: kind.idQuery, response: { 200: printed.schema } },
    handler: async (request) => printed.load(request.ctx, idOf(request)),
  });
  app.get(`/api/${kind.name}/get${printed.label}Pdf`, {
    config,
    schema: { tags, querystring: printed.pdfQuery },
    handler: async (request, reply: FastifyReply) => {
      const doc = await printed.load(request.ctx, idOf(request));
      const { format, lang } = request.query as { format: ReceiptFormat; lang: Language };
      const pdf = await printed.pdf(doc, format, lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${printed.fileName(doc)}"`)
        .send(pdf);
    },
  });
}

/** The kind's list conditions and search, for a summary's own select. */
export const viewWhere = (spec: ListSpec, q: string | undefined) =>
  and(...spec.where, spec.searchWhere ? spec.searchWhere(q) : undefined);
