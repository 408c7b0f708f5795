import { auditLog } from '../db/schema.ts';
import type { Tx, Db } from '../db/client.ts';

export type AuditEntry = {
  clientId: number | null;
  branchId?: number | null;
  staffId?: number | null;
  requestId?: string;
  entity: string;
  entityId?: string | number | null;
  action: string;
  before?: unknown;
  after?: unknown;
};

const secretFields = /password|hash|token|secret/i;

/** Secrets never reach the audit log, whatever record is passed in. */
function scrub(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(scrub);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !secretFields.test(k))
      .map(([k, v]) => [k, scrub(v)]),
  );
}

export async function writeAudit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    clientId: entry.clientId,
    branchId: entry.branchId ?? null,
    staffId: entry.staffId ?? null,
    requestId: entry.requestId ?? null,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    action: entry.action,
    before: scrub(entry.before),
    after: scrub(entry.after),
  });
}
