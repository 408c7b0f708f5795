import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';

// Issue 36: while one organisation imports a large file, the one event loop keeps answering
// everybody else. The file is read and checked in slices with a turn of the loop between them
// (import.ts); before, its 20,000 rows were checked in one go and the loop stood still meanwhile
// (measured below: CPU time between two turns of the loop). And it allocates little: every
// young-generation collection (scavenge) is a pause for everyone, and its length grows with what
// is still alive. When each row's objects were kept to the end and drizzle wrote 200-row INSERTs
// with their audit rows, 20,000 rows took ~95 scavenges (~1.2 GB allocated, ~195 MB promoted);
// with column arrays and one unnest INSERT per 1,000 rows, 17.

let t: TestApp;
let a: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t, { branchCount: 1 });
});
afterAll(() => t.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const fileOf = (rows: number) =>
  'name,mobile,validFrom,validTill\n' +
  Array.from(
    { length: rows },
    (_, i) => `Sliced Member ${i},+96${String(i).padStart(8, '0')},${day(-5)},${day(25)}`,
  ).join('\n');

/**
 * The most CPU time this process spent between two turns of the event loop while `run` ran (a
 * stretch in which no other request could be answered), and how many scavenges it took. CPU time
 * rather than wall time, so that a busy machine taking the core away (other test files,
 * PostgreSQL) does not count as the import's.
 */
async function longestStretch<T>(
  run: () => Promise<T>,
): Promise<{ result: T; cpuMs: number; wallMs: number; scavenges: number }> {
  let scavenges = 0;
  const gc = new PerformanceObserver((list) => {
    // A gc entry's detail says which collector ran (Node's type for entries does not name it).
    for (const e of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[])
      if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges += 1;
  });
  gc.observe({ entryTypes: ['gc'] });
  let cpu = process.cpuUsage();
  let wall = performance.now();
  let cpuMs = 0;
  let wallMs = 0;
  const turn = setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const now = performance.now();
    cpuMs = Math.max(cpuMs, (used.user + used.system) / 1000);
    wallMs = Math.max(wallMs, now - wall);
    wall = now;
  }, 5);
  try {
    const result = await run();
    // Entries of the last collections are handed to observers on a later turn.
    await new Promise((r) => setTimeout(r, 50));
    return { result, cpuMs, wallMs, scavenges };
  } finally {
    clearInterval(turn);
    gc.disconnect();
  }
}

describe('a large import and everybody else', () => {
  it('20,000 rows (the most a file may hold): every row is imported, with few collections (the longest stretch of the loop printed)', async () => {
    // A small import first: the first one after start also compiles what it runs (schemas, routes).
    const small = await call(t, a.ownerToken, {
      method: 'POST',
      url: '/api/user/importUsers',
      payload: { csv: fileOf(5).replaceAll('+96', '+95') },
      branchId: a.branchIds[0],
    });
    expect(small.statusCode, small.body).toBe(200);
    const {
      result: res,
      cpuMs,
      wallMs,
      scavenges,
    } = await longestStretch(() =>
      call(t, a.ownerToken, {
        method: 'POST',
        url: '/api/user/importUsers',
        payload: { csv: fileOf(20_000) },
        branchId: a.branchIds[0],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 20_000, skipped: 0 });
    // The longest stretch: one slice of rows or one batch of inserts, not the whole file. Measured
    // 40-44 ms (the code before this session's change 67-79; before slices 171 for 10,000 rows).
    console.log(
      `import of 20,000 rows: longest stretch ${cpuMs.toFixed(0)} ms of CPU, ${wallMs.toFixed(0)} ms of wall time, ${scavenges} scavenges`,
    );
    // Printed, not asserted: CPU time between two turns counts every thread of the process (the
    // collector's helpers, the thread pool), so a busy machine stretched 42 ms to 101-163 ms in CI
    // runs at load 10-27. How long other requests wait during an import is measured where timing
    // belongs, in bench (`npm run bench:import`, figures in README). What the allocation costs
    // does not depend on the machine's load, and stays asserted.
    // 17 now, 95 with row objects kept and drizzle's INSERTs (the semi-space holds ~16 MB).
    expect(scavenges).toBeLessThan(45);
  });
});
