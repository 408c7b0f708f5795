import { expect, test } from '@playwright/test';
import { chunkCycles, routeWeights } from '../../bench/src/routeWeights.ts';

// Issue 21's budgets, checked on the build this suite serves (global-setup.ts builds it): the
// sign-in route within 160 KB gzip; the first table route within its limit (see routeWeights.ts).
test('every route stays within its weight limit (KB gzip of what it loads first)', () => {
  const dist = process.env.E2E_WEB_DIST;
  expect(dist, 'global-setup.ts publishes the build folder').toBeTruthy();
  for (const route of routeWeights(dist!)) {
    console.log(
      `${route.name}: ${route.kb.toFixed(1)} KB gzip in ${route.files} files (limit ${route.limitKb})`,
    );
    expect(route.kb, route.name).toBeLessThanOrEqual(route.limitKb);
  }
  const signIn = routeWeights(dist!).find((route) => route.name.startsWith('sign-in'))!;
  expect(signIn.limitKb).toBe(160);
});

test('no two chunks of the build import each other', () => {
  expect(chunkCycles(process.env.E2E_WEB_DIST!)).toEqual([]);
});
