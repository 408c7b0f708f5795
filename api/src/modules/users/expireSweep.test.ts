import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { expireBranchMembers } from './members.ts';

/** A database that only counts the sweep statements it is sent; `answer` decides each outcome. */
function countingDb(answer: () => Promise<unknown>) {
  const execute = vi.fn(answer);
  return { db: { execute } as unknown as Db, execute };
}
const ctx = (branchToday: string) => ({ clientId: 1, branchId: 7, branchToday }) as StaffContext;

describe('expireBranchMembers', () => {
  it('callers arriving together share one sweep per branch and date', async () => {
    let finish!: () => void;
    const { db, execute } = countingDb(() => new Promise<void>((resolve) => (finish = resolve)));
    const callers = Array.from({ length: 10 }, () => expireBranchMembers(db, ctx('2026-11-26')));
    expect(execute).toHaveBeenCalledTimes(1);
    finish();
    await Promise.all(callers);
    await expireBranchMembers(db, ctx('2026-11-26'));
    expect(execute).toHaveBeenCalledTimes(1);
    // The branch's date turned: validities may have run out since, so it sweeps again.
    const nextDay = expireBranchMembers(db, ctx('2026-11-27'));
    expect(execute).toHaveBeenCalledTimes(2);
    finish();
    await nextDay;
  });

  it('a failed sweep is not remembered as done: the next caller sweeps again', async () => {
    let fail = true;
    const { db, execute } = countingDb(async () => {
      if (fail) throw new Error('connection lost');
    });
    await expect(expireBranchMembers(db, ctx('2026-11-26'))).rejects.toThrow('connection lost');
    fail = false;
    await expireBranchMembers(db, ctx('2026-11-26'));
    expect(execute).toHaveBeenCalledTimes(2);
  });
});
