import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { memberSearchWords, memberTerms, users } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { wordFragment } from './wordSearch.ts';

// The word search must answer exactly what ILIKE '%q%' on name, mobile and email answers, in the
// same order, through every write that changes a member's words, and never across branches or
// organisations.

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let home: number;
let second: number;

const today = new Date().toISOString().slice(0, 10);
type Page = { items: { userId: number; name: string }[]; total: number; nextAfter?: string };

const list = async (qs: string, branchId = home, who = org): Promise<Page> => {
  const res = await call(t, who.ownerToken, { method: 'GET', url: `/api/user/getUsers?${qs}`, branchId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** What a plain ILIKE over the table answers, in the list's order. */
async function expected(q: string, order: 'asc' | 'desc', extra = sql``) {
  const pattern = `%${q}%`;
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await t.db.execute<{ id: number }>(sql`
    select id from users where client_id = ${org.clientId} and branch_id = ${home} ${extra}
       and (name ilike ${pattern} or mobile ilike ${pattern} or email ilike ${pattern})
     order by name ${dir}, id ${dir}`);
  return rows.rows.map((r) => Number(r.id));
}

/** Every page of a search, following the cursors as the table's Next does. */
async function allPages(qs: string) {
  const ids: number[] = [];
  let after: string | undefined;
  for (let page = 0; page < 50; page += 1) {
    const res = await list(`${qs}&pageSize=5&page=${page}${after ? `&after=${after}` : ''}`);
    ids.push(...res.items.map((m) => m.userId));
    after = res.nextAfter;
    if (!after) break;
  }
  return ids;
}

const first = ['Sharad', 'Asha', 'Harsha', 'Priyanka', 'Anil', 'Sharmila', 'Kishore'];
const last = ['Sharma', 'Menon', 'Bhardwaj', 'Rao', 'Marshal', "D'Souza", 'Acharya'];

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 2 });
  other = await createOrg(t, { branchCount: 1 });
  [home, second] = org.branchIds as [number, number];
  const base = { validFrom: today, validTill: '2999-12-31', joinedOn: today };
  const rows = [];
  for (let i = 0; i < 49; i += 1) {
    rows.push({
      ...base,
      clientId: org.clientId,
      branchId: i % 7 === 6 ? second : home,
      name: `${first[i % 7]} ${last[Math.floor(i / 7)]}`,
      mobile: `90000${String(i).padStart(5, '0')}`,
      email: i % 3 === 0 ? `${first[(i + 2) % 7]!.toLowerCase()}.x${i}@mail.example` : null,
      status: i % 5 !== 0,
      inactiveReason: i % 5 !== 0 ? null : ('deactivated' as const),
    });
  }
  await t.db.insert(users).values(rows);
  await t.db.insert(users).values({
    ...base,
    clientId: other.clientId,
    branchId: other.branchIds[0]!,
    name: 'Sharma Elsewhere',
    mobile: '9111111111',
  });
});
afterAll(async () => t?.close());

describe('member word search', () => {
  it('takes the word way only for a run of 3 or more letters', () => {
    expect(wordFragment(' Shar ')).toBe('shar');
    for (const q of ['sh', 'shar ma', 'shar1', 'priya.m', '98765', 'jos\u00e9', undefined]) {
      expect(wordFragment(q), String(q)).toBeUndefined();
    }
  });

  it.each(['shar', 'SHAR', 'arma', 'har', 'souza', 'mail', 'example', 'anil', 'zzz'])(
    'answers %s as ILIKE does, both orders, every page',
    async (q) => {
      for (const order of ['asc', 'desc'] as const) {
        const sort = order === 'asc' ? 'name' : '-name';
        expect(await allPages(`sort=${sort}&q=${q}`), `${q} ${order}`).toEqual(await expected(q, order));
      }
      const all = await expected(q, 'asc');
      expect((await list(`q=${q}&pageSize=5`)).total).toBe(all.length);
    },
  );

  it('applies status and the other filters', async () => {
    const active = await expected('shar', 'asc', sql`and status`);
    expect(await allPages('q=shar&status=active')).toEqual(active);
    const inactive = await expected('shar', 'asc', sql`and not status`);
    expect(await allPages('q=shar&status=inactive')).toEqual(inactive);
    expect(inactive.length).toBeGreaterThan(0);
    const deactivated = await expected('shar', 'asc', sql`and inactive_reason = 'deactivated'`);
    expect(await allPages('q=shar&reason=deactivated')).toEqual(deactivated);
    // By offset as well as by cursor.
    expect((await list('q=shar&status=active&pageSize=5&page=1')).items.map((m) => m.userId)).toEqual(
      active.slice(5, 10),
    );
  });

  it('keeps the words in step with every change to a member', async () => {
    const [m] = await t.db.select().from(users).where(eq(users.mobile, '9000000001'));
    const search = async (q: string) => (await list(`q=${q}&pageSize=25`)).items.map((x) => x.userId);
    expect(await search('quixote')).not.toContain(m!.id);
    await t.db.update(users).set({ name: 'Don Quixote' }).where(eq(users.id, m!.id));
    expect(await search('quixote')).toEqual([m!.id]);
    await t.db.update(users).set({ email: 'rocinante@la.mancha' }).where(eq(users.id, m!.id));
    expect(await search('rocinante')).toEqual([m!.id]);
    await t.db.update(users).set({ status: false }).where(eq(users.id, m!.id));
    expect((await list('q=quixote&status=active')).items).toEqual([]);
    expect((await list('q=quixote&status=inactive')).items.map((x) => x.userId)).toEqual([m!.id]);
    await t.db.delete(users).where(eq(users.id, m!.id));
    expect(await search('quixote')).toEqual([]);
    expect(await t.db.select().from(memberTerms).where(eq(memberTerms.userId, m!.id))).toEqual([]);
  });

  it('reads the word index (a member missing from it is not found by a word)', async () => {
    const [m] = await t.db.select().from(users).where(eq(users.mobile, '9000000002'));
    const word = m!.name.split(' ')[0]!.toLowerCase();
    await t.db.delete(memberTerms).where(and(eq(memberTerms.userId, m!.id), eq(memberTerms.term, word)));
    expect((await list(`q=${word}&pageSize=25`)).items.map((x) => x.userId)).not.toContain(m!.id);
    // Two letters take the generic way and still find them.
    expect((await list(`q=${word.slice(0, 2)}&pageSize=100`)).items.map((x) => x.userId)).toContain(m!.id);
    await t.db
      .update(users)
      .set({ name: `${m!.name} ` })
      .where(eq(users.id, m!.id));
    expect((await list(`q=${word}&pageSize=25`)).items.map((x) => x.userId)).toContain(m!.id);
  });

  it('stays inside the branch and the organisation', async () => {
    const inSecond = (await list('q=sharma&pageSize=25', second)).items.map((m) => m.name);
    expect(inSecond.length).toBeGreaterThan(0);
    expect(inSecond.every((n) => n.startsWith('Kishore'))).toBe(true);
    const home = (await list('q=sharma&pageSize=25')).items.map((m) => m.name);
    expect(home).not.toContain('Sharma Elsewhere');
    expect(home.some((n) => n.startsWith('Kishore'))).toBe(false);
    const elsewhere = await list('q=sharma', other.branchIds[0]!, other);
    expect(elsewhere.items.map((m) => m.name)).toEqual(['Sharma Elsewhere']);
    const words = await t.db
      .select({ term: memberSearchWords.term })
      .from(memberSearchWords)
      .where(eq(memberSearchWords.clientId, other.clientId));
    expect(words.map((w) => w.term).sort()).toEqual(['elsewhere', 'sharma']);
  });
});
