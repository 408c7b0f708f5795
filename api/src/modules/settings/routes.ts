import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  frameMenuSchema,
  organisationSettingsInputSchema,
  organisationSettingsSchema,
  type OrganisationSettings,
} from '@app/contract/settings';
import type { z } from 'zod';
import { clients, payments } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { conflict, fieldError, said, validationFailed } from '../../platform/errors.ts';

const tags = ['Settings'];
type ClientRow = typeof clients.$inferSelect;

async function settingsOf(db: Db | Tx, row: ClientRow): Promise<OrganisationSettings> {
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.clientId, row.id))
    .limit(1);
  return {
    name: row.name,
    currency: row.currency,
    locale: row.locale,
    timezone: row.timezone,
    fyStartMonth: row.fyStartMonth,
    receiptPrefix: row.receiptPrefix,
    paymentDisabled: row.paymentDisabled,
    receiptAddress: row.receiptAddress,
    taxId: row.taxId,
    wifiWithinWindow: row.wifiWithinWindow,
    memberPalette: row.memberPalette as OrganisationSettings['memberPalette'],
    currencyLocked: paid !== undefined,
    demoMenu: row.demoMenu,
    seatHoldMinutes: row.seatHoldMinutes,
    devanagariDigits: row.devanagariDigits,
  };
}

/** The organisation's settings (owner screen, module `settings`): GET and PUT for the caller's organisation. */
export function settingsRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/settings/getSettings', {
    config: { access: { module: 'settings', action: 'view' } },
    schema: { tags, response: { 200: organisationSettingsSchema } },
    handler: async (request) => {
      const [row] = await db.select().from(clients).where(eq(clients.id, request.ctx.clientId));
      return settingsOf(db, row!);
    },
  });

  // Every signed-in staff member asks it: what their menu shows beyond their permissions.
  app.get('/api/settings/getMenu', {
    schema: { tags, response: { 200: frameMenuSchema } },
    handler: async (request) => {
      if (!request.ctx.isOwner) return { demoMenu: false };
      const [row] = await db
        .select({ demoMenu: clients.demoMenu })
        .from(clients)
        .where(eq(clients.id, request.ctx.clientId));
      return { demoMenu: row?.demoMenu ?? false };
    },
  });

  app.put('/api/settings/updateSettings', {
    config: { access: { module: 'settings', action: 'edit' } },
    schema: { tags, body: organisationSettingsInputSchema, response: { 200: organisationSettingsSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const input = request.body as z.output<typeof organisationSettingsInputSchema>;
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(clients).where(eq(clients.id, ctx.clientId)).for('update');
        const before = await settingsOf(tx, current!);
        if (input.currency !== current!.currency && before.currencyLocked) {
          throw conflict(said('CURRENCY_LOCKED'));
        }
        // Intl and PostgreSQL know different zone lists; a zone PostgreSQL lacks would fail later requests.
        const known = await tx.execute(sql`select 1 from pg_timezone_names where name = ${input.timezone}`);
        if (known.rows.length === 0)
          throw validationFailed([fieldError('body.timezone', 'UNKNOWN_TIME_ZONE')]);
        const [row] = await tx
          .update(clients)
          .set({ ...input, updatedAt: new Date().toISOString() })
          .where(eq(clients.id, ctx.clientId))
          .returning();
        const after = await settingsOf(tx, row!);
        await writeAudit(tx, {
          ...auditOf(ctx, 'settings', ctx.clientId, 'update', before, after),
          branchId: null,
        });
        return after;
      });
    },
  });
}
