// What a first visit downloads per route (routeWeights.ts), against issue 21's budgets (sign-in
// <= 160 KB, first table route <= 330 KB). With --check it fails when a route is over its limit.
// Run: npm run weight --workspace bench [-- --dist web/dist] [--check]   (build first: npm run build)
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chunkCycles, routeWeights } from './routeWeights.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: fileURLToPath(new URL('../../web/dist', import.meta.url)) },
    check: { type: 'boolean', default: false },
  },
});
let over = 0;
console.log('route                              files   KB gzip   budget   limit');
for (const route of routeWeights(resolve(values.dist!))) {
  const ok = route.kb <= route.limitKb;
  if (!ok) over += 1;
  const budget = route.kb <= route.budgetKb ? 'ok' : 'over';
  console.log(
    `${route.name.padEnd(34)} ${String(route.files).padStart(5)} ${route.kb.toFixed(1).padStart(9)}   ${route.budgetKb} ${budget.padEnd(4)}  ${route.limitKb} ${ok ? 'ok' : 'OVER'}`,
  );
}
const cycles = chunkCycles(resolve(values.dist!));
for (const cycle of cycles) console.error(`chunks importing each other: ${cycle}`);
if (values.check && (over > 0 || cycles.length > 0)) {
  console.error(`${over} route(s) over their limit, ${cycles.length} chunk cycle(s)`);
  process.exit(1);
}
