import { describe, expect, it } from 'vitest';
import { and, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { payments, staff, users } from '../db/schema.ts';
import { likePattern, renderCondition, searchCondition } from './list.ts';
import { memberSearch } from '../modules/users/routes.ts';

// renderCondition (list.ts) writes list conditions itself instead of through drizzle's dialect: its
// text and values must be drizzle's, for every kind of condition the lists build, and whatever it
// does not know must still come out as drizzle writes it.

const dialect = new PgDialect();
const today = sql`(now() at time zone 'Asia/Kolkata')::date`;
const conditions: [string, SQL | undefined][] = [
  ['tenant scope', and(eq(users.clientId, 1), eq(users.branchId, 2))],
  ['scope with undefined filters', and(eq(users.clientId, 1), undefined, eq(users.branchId, 2), undefined)],
  ['boolean and text enum', and(eq(users.status, false), eq(users.inactiveReason, 'deactivated'))],
  [
    'expiring window',
    and(
      eq(users.status, true),
      gte(users.validTill, sql`${today}`),
      lte(users.validTill, sql`${today} + ${7}::int`),
    ),
  ],
  ['search', searchCondition('Sha%r_', [users.name, users.mobile, users.email])],
  ['member search, words', memberSearch('asha menon')],
  ['member search, digits', memberSearch('+9198')],
  ['ilike', ilike(users.name, likePattern("D'Souza"))],
  ['keyset cursor', sql`(${users.name}, ${users.id}) > (${'Asha'}, ${12})`],
  ['timestamp cursor', sql`(${users.createdAt}, ${users.id}) < (${'2026-11-28 07:41:39.929123+00'}, ${3})`],
  ['null and not equal', and(isNull(users.roomId), ne(users.dues, 0))],
  ['another table', and(eq(payments.clientId, 4), gte(payments.createdAt, '2026-01-01'))],
  ['nested and/or', and(eq(staff.clientId, 1), or(eq(staff.status, 'active'), isNull(staff.branchIds)))],
  ['a null value', sql`${users.email} is not distinct from ${null}`],
  // Left to drizzle: arrays, placeholders, aliased tables, inlined values.
  ['array', inArray(users.id, [1, 2, 3])],
  ['placeholder', eq(users.id, sql.placeholder('id'))],
  ['aliased table', eq(alias(users, 'u').id, 5)],
  ['inlined', sql`${users.name} = ${'Asha'}`.inlineParams()],
];

// An inlined value has no parameter, so drizzle writes no typings for it either: its text decides.
const leftToDrizzle = new Set(['array', 'placeholder', 'aliased table']);

describe('renderCondition', () => {
  it.each(conditions)("writes '%s' as drizzle's dialect does", (name, condition) => {
    const ours = renderCondition(condition!);
    const drizzles = dialect.sqlToQuery(condition!);
    expect({ sql: ours.sql, params: ours.params }).toStrictEqual({
      sql: drizzles.sql,
      params: drizzles.params,
    });
    // drizzle's result carries its typings; renderCondition's own does not.
    if (name !== 'inlined') expect('typings' in ours).toBe(leftToDrizzle.has(name));
  });
});
