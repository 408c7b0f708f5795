import { describe, expect, it } from 'vitest';
import { listQuerySchema, queryBoolean } from './list.ts';

describe('list query', () => {
  const schema = listQuerySchema(['name', 'createdAt']);

  it('defaults to the first page of 5', () => {
    expect(schema.parse({})).toEqual({ page: 0, pageSize: 5 });
  });

  it('accepts only the known page sizes and sort fields, both directions', () => {
    expect(schema.parse({ page: '2', pageSize: '25', sort: '-name', q: ' ada ' })).toEqual({
      page: 2,
      pageSize: 25,
      sort: '-name',
      q: 'ada',
    });
    expect(schema.safeParse({ pageSize: '7' }).success).toBe(false);
    expect(schema.safeParse({ sort: 'password' }).success).toBe(false);
    expect(schema.safeParse({ page: '-1' }).success).toBe(false);
  });

  it('reads query-string booleans', () => {
    expect(queryBoolean.parse('true')).toBe(true);
    expect(queryBoolean.parse('0')).toBe(false);
    expect(queryBoolean.safeParse('yes').success).toBe(false);
  });
});
