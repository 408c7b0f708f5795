import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listResponseSchema } from '@app/contract/list';
import { userSchema, type User } from '@app/contract/users';
import { fastSerializerCompiler, simplify } from './serializer.ts';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });
const compile = (schema: unknown, checkResponses = false) =>
  fastSerializerCompiler({ checkResponses })(route(schema) as never) as (data: unknown) => string;

const member = (id: number, over: Partial<User> = {}): User => ({
  userId: id,
  clientId: 1,
  branchId: 2,
  name: `Ada "Quote" \\ Lovelace ${id} — ü`,
  email: id % 2 ? null : `ada${id}@example.in`,
  mobile: '9876543210',
  status: id % 3 !== 0,
  inactiveReason: id % 3 === 0 ? 'expired' : null,
  addedToBiometricMachine: false,
  biometricMachineId: null,
  nextDayExit: false,
  entryTime: '06:00:00',
  exitTime: '12:00:00',
  validFrom: '2026-01-01',
  validTill: '2026-12-31',
  roomId: id % 2 ? 4 : null,
  seatNumber: id % 2 ? id : null,
  packageId: null,
  feeStructureId: 7,
  address: 'line 1\nline 2',
  gstin: null,
  notes: '',
  joinedOn: '2026-01-01',
  enquiryId: null,
  dues: 123_456_789,
  duesSince: null,
  firstPeriod: null,
  language: 'hi',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-02-01T10:20:30.456Z',
  ...over,
});

describe('the answer serializer', () => {
  const pageSchema = listResponseSchema(userSchema);
  const page = {
    items: Array.from({ length: 25 }, (_, i) => member(i + 1)),
    total: 10_000,
    totalCapped: true,
    page: 0,
    pageSize: 25,
    nextAfter: 'WyJuYW1lIiwiQWRhIiwyNV0',
  };

  it('writes what zod followed by JSON.stringify wrote: records byte for byte, optional fields last', () => {
    const record = member(3);
    expect(compile(userSchema)(record)).toBe(JSON.stringify(userSchema.parse(record)));
    for (const answer of [page, { ...page, nextAfter: undefined, totalCapped: undefined }]) {
      const text = compile(pageSchema)(answer);
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(pageSchema.parse(answer))));
      expect(text).toContain(JSON.stringify(pageSchema.parse(answer).items));
    }
  });

  it('never writes a property the schema does not declare', () => {
    const leaky = { ...member(1), passwordHash: 'secret-hash' };
    const text = compile(userSchema)(leaky);
    expect(text).not.toContain('passwordHash');
    expect(text).toBe(JSON.stringify(userSchema.parse(leaky)));
  });

  it('refuses a value of the wrong type, and with checkResponses (the tests) every value zod refuses', () => {
    expect(() => compile(userSchema)({ ...member(1), dues: 'a lot' })).toThrow();
    // An enum is not checked while writing: the tests' zod check catches a handler that breaks it.
    const offEnum = { ...member(1), inactiveReason: 'bored' };
    expect(() => compile(userSchema, true)(offEnum)).toThrow();
    expect(compile(userSchema, false)(offEnum)).toContain('"inactiveReason":"bored"');
  });

  it("keeps zod's serializer for a schema JSON Schema cannot express", () => {
    const dated = z.object({ at: z.date() });
    expect(compile(dated)({ at: new Date('2026-01-02T03:04:05Z') })).toBe(
      '{"at":"2026-01-02T03:04:05.000Z"}',
    );
  });

  it('writes nullable primitives as type lists and leaves other unions alone', () => {
    expect(simplify({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual({ type: ['string', 'null'] });
    expect(simplify({ anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] })).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
    const objects = { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] };
    expect(simplify(objects)).toEqual(objects);
  });
});
