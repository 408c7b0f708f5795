import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PauseCard } from './PauseCard';
import { LanguageContext } from './useTexts';

// Asking for a pause from the member page (issue 45, point 4).
afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(status: number, body: unknown, language: 'en' | 'de' = 'en') {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer(status, body);
    }),
  );
  render(
    <LanguageContext.Provider value={language}>
      <PauseCard token={'T'.repeat(32)} today="2026-12-07" />
    </LanguageContext.Provider>,
  );
  return calls;
}

describe('asking for a pause', () => {
  it('sends the first day, days and reason with the token, and says it waits for the library', async () => {
    const calls = show(201, { id: 1, status: 'requested' });
    fireEvent.change(screen.getByTestId('pause-days'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Exams' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a pause' }));
    expect((await screen.findByTestId('pause-asked')).textContent).toMatch(/^Asked/);
    expect(calls[0]!.url).toBe('/api/portal/requestPause');
    expect((calls[0]!.init.headers as Record<string, string>)['member-token']).toBe('T'.repeat(32));
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      from: '2026-12-07',
      days: 10,
      reason: 'Exams',
    });
  });

  it("shows the policy's refusal in the member's language", async () => {
    show(
      409,
      { statusCode: 409, reason: 'CONFLICT', message: 'Pauses may have 30 days…', code: 'PAUSE_YEAR_LIMIT' },
      'de',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pause beantragen' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Das sind mehr Pausentage, als die Bibliothek im Jahr erlaubt.',
      ),
    );
  });
});
