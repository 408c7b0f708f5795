import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { MemberMessagePrefsCard } from './MemberMessagePrefs';

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

// Issue 48: a member's page and messages may be in Hindi; the profile's card offers it.
describe("the member's message card", () => {
  it('offers English, German and Hindi, and saves Hindi', async () => {
    storeTestSession();
    const prefs = { userId: 5, language: 'en', optOut: [], guardianName: null, guardianMobile: null };
    const api = stubFetch((url, init) => {
      if (url.startsWith('/api/message/getMemberMessagePrefs')) return jsonResponse(200, prefs);
      if (url.startsWith('/api/message/updateMemberMessagePrefs'))
        return jsonResponse(200, JSON.parse(String(init.body)));
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<MemberMessagePrefsCard userId={5} />);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Language of page and messages' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['English', 'German', 'Hindi']);
    fireEvent.click(options[2]!);
    fireEvent.click(screen.getByRole('button', { name: 'Save message preferences' }));
    await waitFor(() =>
      expect(api.calls().some(([url]) => url.startsWith('/api/message/updateMemberMessagePrefs'))).toBe(true),
    );
    const saved = api.calls().find(([url]) => url.startsWith('/api/message/updateMemberMessagePrefs'))!;
    expect(JSON.parse(String(saved[1].body))).toMatchObject({ userId: 5, language: 'hi' });
  });
});
