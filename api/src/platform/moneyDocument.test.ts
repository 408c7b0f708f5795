import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { apiOperations } from '../test/openapi.ts';
import { moneyDocumentKinds } from './moneyDocument.ts';

// One kind of money document (issue 44, point 7): every kind is served by the same routes.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('money documents', () => {
  it('registers payments, refunds and expenses, each with the list, summary, export, get and create routes', async () => {
    const kinds = [...moneyDocumentKinds(t.app).keys()];
    expect(kinds).toEqual(expect.arrayContaining(['payment', 'refund', 'expense']));
    const routes = new Set((await apiOperations(t.app)).map((o) => `${o.method} ${o.path}`));
    for (const [name, kind] of moneyDocumentKinds(t.app)) {
      const label = name[0]!.toUpperCase() + name.slice(1);
      const expected = [
        `GET /api/${name}/get${label}s`,
        `GET /api/${name}/get${label}Summary`,
        `GET /api/${name}/export${label}s`,
        `GET /api/${name}/get${label}`,
        `POST /api/${name}/create${label}`,
        ...(kind.void ? [`PUT /api/${name}/void${label}`] : []),
        ...(kind.printed
          ? [`GET /api/${name}/get${kind.printed.label}`, `GET /api/${name}/get${kind.printed.label}Pdf`]
          : []),
      ];
      for (const route of expected) expect(routes, route).toContain(route);
    }
    // Refunds are not voided; payments and expenses are. Payments and refunds print.
    expect(moneyDocumentKinds(t.app).get('refund')!.void).toBeUndefined();
    expect(moneyDocumentKinds(t.app).get('expense')!.void).toBeDefined();
    expect(moneyDocumentKinds(t.app).get('payment')!.printed!.label).toBe('Receipt');
    expect(moneyDocumentKinds(t.app).get('refund')!.printed!.label).toBe('RefundReceipt');
  });
});
