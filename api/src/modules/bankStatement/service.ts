// Importing an account's statement and matching its lines (issue 44, point 6). One import runs in one
// transaction under the organisation's statement lock: two uploads of one file at once store its
// lines once. Each credit is matched in order to a pending UPI claim (confirmed as a clerk's confirm
// does, through portal/confirm.ts), to a recorded payment into the account, else left unmatched; a
// line's decision is taken under its row lock and a payment, expense or transfer is matched once
// (statement_lines_client_matched_uq).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { paymentInputSchema, type ParsedPaymentInput } from '@app/contract/payments';
import type { StatementImportResult, StatementMapping } from '@app/contract/bankStatement';
import type { statementPaymentInputSchema } from '@app/contract/bankStatement';
import type { z } from 'zod';
import { bankAccounts, clients, statementLines, upiClaims, upiRequests } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { can, type StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { AppError, conflict, notFound, said } from '../../platform/errors.ts';
import { lockOrganisation } from '../../platform/locks.ts';
import { confirmClaim } from '../portal/confirm.ts';
import type { LinkSecrets } from '../portal/links.ts';
import { recordPayment } from '../payments/record.ts';
import type { PaymentRow } from '../payments/records.ts';
import { enqueueReceipt } from '../messages/receipts.ts';
import { liveLinkUrl } from '../portal/links.ts';
import { expireBranchMembers } from '../users/members.ts';
import { readStatement } from './read.ts';

type LineRow = typeof statementLines.$inferSelect;
export type Links = { receipt: (payment: PaymentRow) => string; member: LinkSecrets };

/** The organisation's bank account (a cash account has no statement). */
export async function statementAccount(db: Db | Tx, ctx: StaffContext, bankAccountId: number) {
  const [account] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.clientId, ctx.clientId), eq(bankAccounts.id, bankAccountId)));
  if (!account) throw notFound('BANK_ACCOUNT');
  if (account.kind === 'cash') throw conflict(said('STATEMENT_CASH_ACCOUNT'));
  return account;
}

/** Letters and digits only, upper-cased: a UTR is found in "UPI/634512345678/..." or "UPI-6345 1234 5678". */
const squeeze = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');
/** Where references are looked for: narration and reference, kept apart so none is found across both. */
const haystack = (line: LineRow) => `${squeeze(line.narration)}|${squeeze(line.reference)}`;
/** A reference (or a word of it) shorter than this, or without a digit, is found by chance ('CASH'). */
const shortestReference = 6;
/**
 * The row's reference is in the line's text: whole (letters and digits only: "6345 1234 5678"), or
 * one of its words with a digit ("NEFT-HDFCN52026120712" in "NEFT CR HDFCN52026120712 RAO").
 */
const found = (column: SQL, text: string) => sql`(
  (length(regexp_replace(${column}, '[^A-Za-z0-9]', '', 'g')) >= ${shortestReference}
   and position(upper(regexp_replace(${column}, '[^A-Za-z0-9]', '', 'g')) in ${text}) > 0)
  or exists (select 1 from unnest(regexp_split_to_array(upper(${column}), '[^A-Z0-9]+')) w(word)
              where length(w.word) >= ${shortestReference} and w.word ~ '[0-9]'
                and position(w.word in ${text}) > 0))`;

async function setMatch(
  tx: Tx,
  ctx: StaffContext,
  line: LineRow,
  match: Pick<LineRow, 'matchedKind' | 'matchedId' | 'matchedBy'> & { claimId?: number | null },
) {
  const [after] = await tx
    .update(statementLines)
    .set({ status: 'matched', ...match, decidedBy: ctx.staffId, decidedAt: sql`now()` })
    .where(eq(statementLines.id, line.id))
    .returning();
  await writeAudit(tx, auditOf(ctx, 'statementLine', line.id, 'match', line, after));
  return after!;
}

/** The pending claim of the caller's branch, paid into this account, whose UTR the line names. */
async function claimFor(tx: Tx, ctx: StaffContext, line: LineRow) {
  const [claim] = await tx
    .select({ id: upiClaims.id })
    .from(upiClaims)
    .innerJoin(upiRequests, eq(upiRequests.id, upiClaims.requestId))
    .where(
      and(
        eq(upiClaims.clientId, ctx.clientId),
        eq(upiClaims.branchId, ctx.branchId!),
        eq(upiClaims.status, 'pending'),
        eq(upiClaims.amount, line.credit),
        eq(upiRequests.bankAccountId, line.bankAccountId),
        sql`position(${upiClaims.utr} in ${haystack(line)}) > 0`,
      ),
    )
    .orderBy(upiClaims.id)
    .limit(1);
  return claim ?? null;
}

/** A movement of the account of this amount whose reference the line names, not matched before. */
async function movementFor(tx: Tx, ctx: StaffContext, line: LineRow) {
  const text = haystack(line);
  const unmatched = (kind: string, id: unknown) => sql`not exists (
    select 1 from statement_lines s
     where s.client_id = ${ctx.clientId} and s.matched_kind = ${kind} and s.matched_id = ${id})`;
  const candidates =
    line.credit > 0
      ? sql`
        (select 'payment' as kind, p.id, p.paid_on as day from payments p
          where p.client_id = ${ctx.clientId} and p.bank_account_id = ${line.bankAccountId}
            and p.status = 'completed' and p.received = ${line.credit}
            and ${found(sql`p.reference`, text)} and ${unmatched('payment', sql`p.id`)})
        union all
        (select 'transferIn', t.id, t.transferred_on from account_transfers t
          where t.client_id = ${ctx.clientId} and t.to_account_id = ${line.bankAccountId}
            and t.amount = ${line.credit} and ${found(sql`t.reference`, text)} and ${unmatched('transferIn', sql`t.id`)})`
      : sql`
        (select 'expense' as kind, e.id, e.paid_on as day from expenses e
          where e.client_id = ${ctx.clientId} and e.bank_account_id = ${line.bankAccountId}
            and e.status = 'completed' and e.amount = ${line.debit}
            and ${found(sql`e.reference`, text)} and ${unmatched('expense', sql`e.id`)})
        union all
        (select 'transferOut', t.id, t.transferred_on from account_transfers t
          where t.client_id = ${ctx.clientId} and t.from_account_id = ${line.bankAccountId}
            and t.amount = ${line.debit} and ${found(sql`t.reference`, text)} and ${unmatched('transferOut', sql`t.id`)})`;
  const rows = (
    await tx.execute<{ kind: 'payment' | 'expense' | 'transferIn' | 'transferOut'; id: number }>(sql`
      select kind, id from (${candidates}) c order by abs(c.day - ${line.day}::date), c.id limit 1`)
  ).rows;
  return rows[0] ?? null;
}

type Outcome = 'claim' | 'reconciled' | 'unmatched';

/** Matches one line (locked, still unmatched): a claim first (credits), then a movement by reference. */
async function matchLine(tx: Tx, ctx: StaffContext, line: LineRow, links: Links, confirmClaims: boolean) {
  if (line.credit > 0 && confirmClaims) {
    const claim = await claimFor(tx, ctx, line);
    if (claim) {
      try {
        // A savepoint: a claim the confirm refuses (its structure withdrawn, the member moved) leaves
        // the line to the next rule and the import goes on.
        const payment = await tx.transaction((sp) => confirmClaim(sp, ctx, claim.id, links));
        await setMatch(tx, ctx, line, {
          matchedKind: 'payment',
          matchedId: payment.id,
          matchedBy: 'claim',
          claimId: claim.id,
        });
        return 'claim' as Outcome;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
  }
  const movement = await movementFor(tx, ctx, line);
  if (movement) {
    await setMatch(tx, ctx, line, {
      matchedKind: movement.kind,
      matchedId: movement.id,
      matchedBy: 'reference',
    });
    return 'reconciled' as Outcome;
  }
  return 'unmatched' as Outcome;
}

export async function importStatement(
  db: Db,
  ctx: StaffContext,
  bankAccountId: number,
  body: { csv?: string; xlsxBase64?: string; mapping?: StatementMapping },
  links: Links,
): Promise<StatementImportResult> {
  const account = await statementAccount(db, ctx, bankAccountId);
  const file = await readStatement(body, (account.statementMapping as StatementMapping | null) ?? null);
  const [client] = await db.select().from(clients).where(eq(clients.id, ctx.clientId));
  // Confirming a claim records a payment: only for staff who may, while payments are on.
  const confirmClaims = can(ctx, 'payments', 'add') && !client!.paymentDisabled && ctx.branchId !== null;
  if (confirmClaims) await expireBranchMembers(db, ctx);
  return db.transaction(async (tx) => {
    // Uploads of one organisation's statements one after another: the same file twice at once
    // stores its lines once, and a claim is looked for after the other upload has confirmed it.
    await lockOrganisation(tx, 'statementImport', ctx.clientId);
    if (file.mapping) {
      await tx
        .update(bankAccounts)
        .set({ statementMapping: file.mapping })
        .where(eq(bankAccounts.id, account.id));
      await writeAudit(
        tx,
        auditOf(ctx, 'bankAccount', account.id, 'statementMapping', account.statementMapping, file.mapping),
      );
    }
    const added: number[] = [];
    for (let i = 0; i < file.lines.length; i += 500) {
      const rows = await tx
        .insert(statementLines)
        .values(
          file.lines.slice(i, i + 500).map((l) => ({
            ...l,
            clientId: ctx.clientId,
            bankAccountId: account.id,
            importedBy: ctx.staffId,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: statementLines.id });
      added.push(...rows.map((r) => r.id));
    }
    if (added.length) {
      await writeAudit(
        tx,
        auditOf(ctx, 'bankAccount', account.id, 'importStatement', null, {
          format: file.format,
          lines: added.length,
        }),
      );
    }
    // The new lines, and earlier ones still unmatched: a claim made since may match them now.
    const open = await tx
      .select()
      .from(statementLines)
      .where(
        and(
          eq(statementLines.clientId, ctx.clientId),
          eq(statementLines.bankAccountId, account.id),
          eq(statementLines.status, 'unmatched'),
        ),
      )
      .orderBy(statementLines.day, statementLines.id)
      .for('update');
    const fresh = new Set(added);
    const counts = { claimsConfirmed: 0, reconciled: 0, unmatched: 0 };
    for (const line of open) {
      const outcome = await matchLine(tx, ctx, line, links, confirmClaims);
      if (outcome === 'claim') counts.claimsConfirmed++;
      else if (outcome === 'reconciled') counts.reconciled++;
      else if (fresh.has(line.id) && line.credit > 0) counts.unmatched++;
    }
    return {
      format: file.format,
      read: file.lines.length,
      added: added.length,
      alreadyImported: file.lines.length - added.length,
      skipped: file.skipped,
      ...counts,
    };
  });
}

/** The line of the organisation's account, locked, still to decide. */
async function openLine(tx: Tx, ctx: StaffContext, lineId: number) {
  const [line] = await tx
    .select()
    .from(statementLines)
    .where(and(eq(statementLines.clientId, ctx.clientId), eq(statementLines.id, lineId)))
    .for('update');
  if (!line) throw notFound('STATEMENT_LINE');
  if (line.status !== 'unmatched') throw conflict(said('STATEMENT_LINE_DECIDED'));
  return line;
}

export async function setAside(db: Db, ctx: StaffContext, lineId: number, reason: string) {
  return db.transaction(async (tx) => {
    const line = await openLine(tx, ctx, lineId);
    const [after] = await tx
      .update(statementLines)
      .set({ status: 'set_aside', setAsideReason: reason, decidedBy: ctx.staffId, decidedAt: sql`now()` })
      .where(eq(statementLines.id, line.id))
      .returning();
    await writeAudit(tx, auditOf(ctx, 'statementLine', line.id, 'setAside', line, after));
    return after!;
  });
}

/**
 * An unmatched credit recorded as a member's payment through the counter's own code (receipt number,
 * renewal, dues, books, GST), into the line's account with its reference, and the line matched to it.
 */
export async function recordLinePayment(
  db: Db,
  ctx: StaffContext,
  lineId: number,
  body: z.output<typeof statementPaymentInputSchema>,
  links: Links,
) {
  const [client] = await db.select().from(clients).where(eq(clients.id, ctx.clientId));
  if (client!.paymentDisabled) throw new AppError(403, 'PAYMENTS_DISABLED', said('PAYMENTS_OFF'));
  await expireBranchMembers(db, ctx);
  return db.transaction(async (tx) => {
    const line = await openLine(tx, ctx, lineId);
    if (line.credit <= 0) throw conflict(said('STATEMENT_LINE_NOT_CREDIT'));
    const input: ParsedPaymentInput = paymentInputSchema.parse({
      ...body,
      received: line.credit,
      bankAccountId: line.bankAccountId,
      reference: (line.reference || line.narration).slice(0, 120),
    });
    const payment = await recordPayment(tx, ctx, input);
    await enqueueReceipt(tx, ctx, {
      kind: 'paymentReceipt',
      id: payment.id,
      userId: payment.userId,
      number: payment.receiptNumber,
      amount: payment.received,
      link: links.receipt(payment),
      memberLink: await liveLinkUrl(tx, links.member, ctx.clientId, payment.userId),
    });
    await setMatch(tx, ctx, line, { matchedKind: 'payment', matchedId: payment.id, matchedBy: 'recorded' });
    return payment;
  });
}
