import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { ThingsTable, type Thing } from '../../test/things';
import { isolate } from '../bidi';
import { pagerRowCount } from './cappedTotal';

// A list the server counted only up to its cap (totalCapped): the pager says "more than" and
// keeps Next available; an exact total reads as before. The labels are isolated (Unicode FSI..PDI),
// so a right-to-left page does not read "of 5 5–1" (issue 35, point 9).

const page = (from: number): Thing[] =>
  Array.from({ length: 5 }, (_, i) => ({ id: from + i, name: `Thing ${from + i}` }));

function renderTable(path: string) {
  return renderPage(<ThingsTable />, path);
}

afterEach(() => clearTestSession());

describe('capped totals in the table', () => {
  it('says "more than" the cap and pages on past it', async () => {
    storeTestSession();
    stubFetch((url) => {
      const p = Number(new URL(url, 'http://x').searchParams.get('page'));
      return jsonResponse(200, {
        items: page(p * 5 + 1),
        total: 10000,
        totalCapped: true,
        page: p,
        pageSize: 5,
      });
    });
    const { router } = renderTable('/app/things?page=1999');
    expect(await screen.findByText(isolate('9,996–10,000 of more than 10,000'))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2000'));
    expect(await screen.findByText(isolate('10,001–10,005 of more than 10,005'))).toBeTruthy();
  });

  it('shows an exact total as it is, with no next page at the end', async () => {
    storeTestSession();
    stubFetch(() =>
      jsonResponse(200, { items: page(1), total: 5, totalCapped: false, page: 0, pageSize: 5 }),
    );
    renderTable('/app/things');
    expect(await screen.findByText(isolate('1–5 of 5'))).toBeTruthy();
    expect((screen.getByRole('button', { name: /next page/i }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts one page past the current one only when capped', () => {
    expect(pagerRowCount(10000, true, 0, 25)).toBe(10001);
    expect(pagerRowCount(10000, true, 800, 25)).toBe(20050);
    expect(pagerRowCount(42, false, 1, 25)).toBe(42);
  });
});
