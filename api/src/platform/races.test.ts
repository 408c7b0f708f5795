// Writes sent at the same moment end in the state the same writes reach one after the other (issue
// 35, point 2). Each case fires its requests together (Promise.all over inject, each its own
// transaction on its own pooled connection) and checks the answers and the rows left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { branches, feeStructures } from '../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();

describe('packages created at once with one name', () => {
  it('all answer 201, each with its own free uniqueName, as one after the other would', async () => {
    const org = await createOrg(t, { branchCount: 1 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t, org.ownerToken, {
          method: 'POST',
          url: '/api/package/createPackage',
          payload: { packageName: 'Night Owl', downloadSpeed: 20, uploadSpeed: 5 },
        }),
      ),
    );
    expect(statuses(answers), answers.map((r) => r.body).join('\n')).toEqual(Array(10).fill(201));
    const names = answers.map((r) => r.json().uniqueName as string).sort();
    expect(new Set(names).size).toBe(10);
    expect(names).toEqual(['night-owl', ...Array.from({ length: 9 }, (_, i) => `night-owl-${i + 2}`)].sort());
  });
});

describe('branches of one organisation deleted at once', () => {
  it('leave one: the last is refused as when deleted one at a time', async () => {
    const org = await createOrg(t, { branchCount: 3 });
    const answers = await Promise.all(
      org.branchIds.map((id) =>
        call(t, org.ownerToken, { method: 'DELETE', url: `/api/branch/deleteBranch?branchId=${id}` }),
      ),
    );
    expect(statuses(answers)).toEqual([204, 204, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'LAST_BRANCH' });
    const left = await t.db.select().from(branches).where(eq(branches.clientId, org.clientId));
    expect(left).toHaveLength(1);
  });
});

describe('a fee type deleted while a fee structure is created with it', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg(t, { branchCount: 1 });
  });

  // The window is a few milliseconds wide; rounds make a lost race show up, not just sometimes.
  it('never both succeed: either the structure is refused or the delete is', async () => {
    for (let round = 0; round < 20; round += 1) {
      const feeType = await call(t, org.ownerToken, {
        method: 'POST',
        url: '/api/feeType/createFeeType',
        payload: { name: `Locker ${round}` },
      });
      expect(feeType.statusCode).toBe(201);
      const feeTypeId = feeType.json().id as number;
      const [created, deleted] = await Promise.all([
        call(t, org.ownerToken, {
          method: 'POST',
          url: '/api/feeStructure/createFeeStructure',
          payload: { name: `Kit ${round}`, lines: [{ feeTypeId, amount: 100 }], durationDays: 30 },
        }),
        call(t, org.ownerToken, {
          method: 'DELETE',
          url: `/api/feeType/deleteFeeType?feeTypeId=${feeTypeId}`,
        }),
      ]);
      const label = `round ${round}: create ${created.statusCode}, delete ${deleted.statusCode}`;
      // Exactly one wins; the other is refused (400 for the structure's line, 409 for the delete).
      expect([created.statusCode, deleted.statusCode].sort(), label).toSatisfy(
        (s: number[]) => (s[0] === 201 && s[1] === 409) || (s[0] === 204 && s[1] === 400),
      );
      const structures = await t.db
        .select()
        .from(feeStructures)
        .where(and(eq(feeStructures.clientId, org.clientId), eq(feeStructures.name, `Kit ${round}`)));
      expect(structures.length, label).toBe(created.statusCode === 201 ? 1 : 0);
    }
  });
});
