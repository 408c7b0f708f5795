import type { FastifyInstance } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { listResponseSchema, type ListQuery, type ListResponse, queryId } from '@app/contract/list';
import type { ModuleName } from '@app/contract/modules';
import type { RecordName } from '@app/contract/errorCodes';
import type { Db, Tx } from '../db/client.ts';
import type { StaffContext } from './auth.ts';
import { writeAudit } from './audit.ts';
import { conflict, notFound, pgErrorCode, said, type Said } from './errors.ts';
import { listRows, type ListSpec } from './list.ts';
import type { CsvTable } from './csv.ts';
import { exportBatchSize, sendCsv } from './csvExport.ts';

type ScopedTable = PgTable & { id: AnyPgColumn; clientId: AnyPgColumn; branchId?: AnyPgColumn };
type Row = Record<string, unknown> & { id: number };

/**
 * Everything the factory needs to serve the standard five routes of one resource:
 * GET /{name}/get{Plural}, GET /{name}/get{Label}?{name}Id=, POST /{name}/create{Label},
 * PUT /{name}/update{Label}?{name}Id=, DELETE /{name}/delete{Label}?{name}Id=.
 */
export type ResourceDefinition<Rec, Input, Query extends ListQuery> = {
  name: string;
  /** PascalCase singular and plural used in the paths: `Branch`, `Branches`. */
  label: string;
  plural: string;
  /** What its messages call a row ('BRANCH'): the web words it in the reader's language. */
  recordName: RecordName;
  module: ModuleName;
  table: ScopedTable;
  /** Rows belong to the caller's active branch (the branchId header) as well as the organisation. */
  branchScoped: boolean;
  record: z.ZodType<Rec>;
  input: z.ZodType<Input>;
  listQuery: z.ZodType<Query>;
  sortColumns: Record<string, AnyPgColumn>;
  defaultSort: string;
  searchColumns: AnyPgColumn[];
  /** See ListSpec.searchWhere. */
  searchWhere?: (q: string | undefined) => SQL | undefined;
  /**
   * Lists another way where the resource has a faster plan for some queries; listRows otherwise.
   * Its items are the records themselves (toRecord is not applied to them).
   */
  list?: (
    db: Db,
    ctx: StaffContext,
    spec: ListSpec,
    query: Query,
    opts: { withTotal: boolean },
  ) => Promise<ListResponse<Rec>>;
  /** `ctx` is the caller (e.g. to compare with the active branch's date). */
  filters?: (query: Query, ctx: StaffContext) => (SQL | undefined)[];
  /**
   * Runs before every read (list, export, get; `query` is undefined for get): a permission that
   * depends on the query, or bringing derived state up to date (e.g. expiring members).
   */
  beforeRead?: (db: Db, ctx: StaffContext, query?: Query) => Promise<void>;
  /** Narrows what the caller may see inside the organisation (e.g. only the branches they may use). */
  visible?: (ctx: StaffContext) => SQL | undefined;
  /**
   * `ctx` is the caller, for records that show more or less to different callers (masking); the audit
   * log gets the record built without it (the whole stored truth, secrets still scrubbed).
   */
  toRecord: (row: Row, ctx?: StaffContext) => Rec;
  /** `existing` is the stored row on update, undefined on create. */
  toValues: (
    input: Input,
    ctx: StaffContext,
    tx: Tx,
    existing?: Row,
  ) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * The CSV export's columns (platform/csv.ts): readable, translated, names for ids. Required, so a
   * resource cannot fall back to dumping its record.
   */
  csv: CsvTable<Rec>;
  /** Unique index name -> the sentence a 409 answers with. */
  uniqueMessages?: Record<string, Said>;
  /** Throws when the row may not be changed (e.g. an immutable Owner role). */
  beforeUpdate?: (tx: Tx, row: Row, ctx: StaffContext) => Promise<void>;
  /** Throws (usually conflict) when the row may not be deleted. */
  beforeDelete?: (tx: Tx, row: Row, ctx: StaffContext) => Promise<void>;
  /** Runs inside the create transaction, e.g. to grant the creator access. */
  afterCreate?: (tx: Tx, row: Row, ctx: StaffContext) => Promise<void>;
  /**
   * The resource writes its own rows and audit (members: in fewer round trips, issue 36); the
   * routes, their access, schemas and unique-violation answers stay the factory's.
   */
  create?: (ctx: StaffContext, input: Input) => Promise<Rec>;
  update?: (ctx: StaffContext, id: number, input: Input) => Promise<Rec>;
};

export function scopeOf(def: { table: ScopedTable; branchScoped: boolean }, ctx: StaffContext): SQL[] {
  const conditions = [eq(def.table.clientId, ctx.clientId)];
  if (def.branchScoped) conditions.push(eq(def.table.branchId!, ctx.branchId!));
  return conditions;
}

export function registerCrud<Rec, Input, Query extends ListQuery>(
  app: FastifyInstance,
  db: Db,
  def: ResourceDefinition<Rec, Input, Query>,
): void {
  const r = app;
  const idParam = `${def.name}Id`;
  const idQuery = z.object({ [idParam]: queryId });
  const access = (action: 'view' | 'add' | 'edit' | 'delete', impliedRead = false) => ({
    access: {
      module: def.module,
      action,
      ...(def.branchScoped ? { branch: 'required' as const } : {}),
      ...(impliedRead ? { impliedRead } : {}),
    },
  });
  const tags = [def.plural];
  const where = (ctx: StaffContext, id?: number) => [
    ...scopeOf(def, ctx),
    def.visible?.(ctx),
    id === undefined ? undefined : eq(def.table.id, id),
  ];
  const idOf = (query: unknown) => (query as Record<string, number>)[idParam]!;

  async function findOne(tx: Db | Tx, ctx: StaffContext, id: number, lock = false): Promise<Row> {
    const q = tx
      .select()
      .from(def.table)
      .where(and(...where(ctx, id)));
    const [row] = (await (lock ? q.for('update') : q)) as Row[];
    if (!row) throw notFound(def.recordName);
    return row;
  }

  /** Unique violations become a 409 naming what clashes instead of a 500. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const { code, constraint } = pgErrorCode(err);
      if (code === '23505') {
        throw conflict(
          def.uniqueMessages?.[constraint ?? ''] ?? said('ALREADY_EXISTS', { what: def.recordName }),
        );
      }
      if (code === '23503') throw conflict(said('STILL_IN_USE', { what: def.recordName }));
      throw err;
    }
  }

  // `forExport`: beforeRead already ran once for the whole export, and batches need no total.
  const listPage = async (ctx: StaffContext, query: Query, forExport = false) => {
    if (!forExport) await def.beforeRead?.(db, ctx, query);
    const spec: ListSpec = {
      table: def.table,
      where: [...where(ctx), ...(def.filters?.(query, ctx) ?? [])],
      sortColumns: def.sortColumns,
      defaultSort: def.defaultSort,
      tieBreaker: def.table.id,
      searchColumns: def.searchColumns,
      searchWhere: def.searchWhere,
    };
    const opts = { withTotal: !forExport };
    if (def.list) return def.list(db, ctx, spec, query, opts);
    const page = await listRows<Row>(db, spec, query, opts);
    return { ...page, items: page.items.map((row) => def.toRecord(row, ctx)) };
  };

  // List and read serve pickers on other screens too (contract impliedReads); the export does not.
  r.get(`/api/${def.name}/get${def.plural}`, {
    config: access('view', true),
    schema: { tags, querystring: def.listQuery, response: { 200: listResponseSchema(def.record) } },
    handler: async (request) => listPage(request.ctx, request.query as Query),
  });

  // The whole filtered, sorted view as CSV, fetched and written a batch at a time.
  r.get(`/api/${def.name}/export${def.plural}`, {
    config: access('view'),
    schema: { tags, querystring: def.listQuery },
    handler: async (request, reply) => {
      const query = request.query as Query;
      await def.beforeRead?.(db, request.ctx, query);
      return sendCsv(db, request, reply, {
        file: def.name,
        table: def.csv,
        fetchBatch: async (page) => {
          // The whole view from its start: a paging cursor sent along would pin every batch to one place.
          const batch = { ...query, after: undefined, page, pageSize: exportBatchSize };
          return (await listPage(request.ctx, batch, true)).items;
        },
      });
    },
  });

  r.get(`/api/${def.name}/get${def.label}`, {
    config: access('view', true),
    schema: { tags, querystring: idQuery, response: { 200: def.record } },
    handler: async (request) => {
      await def.beforeRead?.(db, request.ctx);
      return def.toRecord(await findOne(db, request.ctx, idOf(request.query)), request.ctx);
    },
  });

  r.post(`/api/${def.name}/create${def.label}`, {
    config: access('add'),
    schema: { tags, body: def.input, response: { 201: def.record } },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      if (def.create) {
        return reply.status(201).send(await guarded(() => def.create!(ctx, request.body as Input)));
      }
      const record = await guarded(() =>
        db.transaction(async (tx) => {
          const values = await def.toValues(request.body as Input, ctx, tx);
          const scope = def.branchScoped
            ? { clientId: ctx.clientId, branchId: ctx.branchId }
            : { clientId: ctx.clientId };
          const [row] = (await tx
            .insert(def.table)
            .values({ ...values, ...scope })
            .returning()) as Row[];
          await def.afterCreate?.(tx, row!, ctx);
          await writeAudit(tx, auditOf(ctx, def.name, row!.id, 'create', null, def.toRecord(row!)));
          return def.toRecord(row!, ctx);
        }),
      );
      return reply.status(201).send(record);
    },
  });

  r.put(`/api/${def.name}/update${def.label}`, {
    config: access('edit'),
    schema: { tags, querystring: idQuery, body: def.input, response: { 200: def.record } },
    handler: async (request) => {
      const ctx = request.ctx;
      const id = idOf(request.query);
      if (def.update) return guarded(() => def.update!(ctx, id, request.body as Input));
      return guarded(() =>
        db.transaction(async (tx) => {
          const existing = await findOne(tx, ctx, id, true);
          await def.beforeUpdate?.(tx, existing, ctx);
          const before = def.toRecord(existing);
          const values = await def.toValues(request.body as Input, ctx, tx, existing);
          const [row] = (await tx
            .update(def.table)
            .set({ ...values, updatedAt: new Date().toISOString() })
            .where(and(...where(ctx, id)))
            .returning()) as Row[];
          await writeAudit(tx, auditOf(ctx, def.name, id, 'update', before, def.toRecord(row!)));
          return def.toRecord(row!, ctx);
        }),
      );
    },
  });

  r.delete(`/api/${def.name}/delete${def.label}`, {
    config: access('delete'),
    schema: { tags, querystring: idQuery },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const id = idOf(request.query);
      await guarded(() =>
        db.transaction(async (tx) => {
          const row = await findOne(tx, ctx, id, true);
          await def.beforeDelete?.(tx, row, ctx);
          await tx.delete(def.table).where(and(...where(ctx, id)));
          await writeAudit(tx, auditOf(ctx, def.name, id, 'delete', def.toRecord(row), null));
        }),
      );
      return reply.status(204).send();
    },
  });
}

export function auditOf(
  ctx: StaffContext,
  entity: string,
  id: number,
  action: string,
  before: unknown,
  after: unknown,
) {
  return {
    clientId: ctx.clientId,
    branchId: ctx.branchId,
    staffId: ctx.staffId,
    requestId: ctx.requestId,
    entity,
    entityId: id,
    action,
    before,
    after,
  };
}
