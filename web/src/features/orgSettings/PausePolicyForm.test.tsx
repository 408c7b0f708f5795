import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, onlyPermissions, storeTestSession } from '../../test/session';
import { PausePolicyForm } from './PausePolicyForm';

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

const policy = { maxDaysYear: 30, minDays: 7, holdsSeat: true };

describe('PausePolicyForm (issue 45, point 4)', () => {
  it('loads the policy, checks it, shows the server’s refusal and saves', async () => {
    storeTestSession();
    let refuse = true;
    const api = stubFetch(async (url, init) => {
      if (url.startsWith('/api/user/getPausePolicy')) return jsonResponse(200, policy);
      if (url.startsWith('/api/user/updatePausePolicy') && init.method === 'PUT') {
        if (refuse) {
          refuse = false;
          return jsonResponse(400, {
            statusCode: 400,
            reason: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            details: [{ path: 'body.minDays', message: 'Too many days' }],
          });
        }
        return jsonResponse(200, JSON.parse(String(init.body)));
      }
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<PausePolicyForm />, '/app/settings');
    const most = (await screen.findByRole('textbox', {
      name: /Most pause days in a year/,
    })) as HTMLInputElement;
    expect(most.value).toBe('30');
    const fewest = screen.getByRole('textbox', { name: /Fewest days of one pause/ }) as HTMLInputElement;
    expect(fewest.value).toBe('7');
    const save = screen.getByRole('button', { name: 'Save pause policy' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(fewest, { target: { value: '0' } });
    fireEvent.click(save);
    await waitFor(() => expect(fewest.getAttribute('aria-invalid')).toBe('true'));
    expect(api.calls().some(([u]) => u.startsWith('/api/user/updatePausePolicy'))).toBe(false);

    fireEvent.change(fewest, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('switch', { name: 'A paused member keeps their seat' }));
    fireEvent.click(save);
    expect(await screen.findByText('Too many days')).toBeTruthy();

    fireEvent.click(save);
    expect(await screen.findByText('Pause policy saved')).toBeTruthy();
    const sent = api.calls().filter(([u]) => u.startsWith('/api/user/updatePausePolicy'));
    expect(JSON.parse(String(sent.at(-1)![1].body))).toEqual({
      maxDaysYear: 30,
      minDays: 3,
      holdsSeat: false,
    });
  });

  it('is read-only without the right to edit settings, and shows a load failure', async () => {
    storeTestSession({ permissions: onlyPermissions({ settings: 'v', users: 'v' }) });
    let fail = true;
    stubFetch(async (url) => {
      if (url.startsWith('/api/user/getPausePolicy')) {
        if (fail) {
          fail = false;
          return jsonResponse(403, { statusCode: 403, reason: 'FORBIDDEN', message: 'Not for you.' });
        }
        return jsonResponse(200, policy);
      }
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<PausePolicyForm />, '/app/settings');
    expect(await screen.findByText('Not for you.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const most = (await screen.findByRole('textbox', {
      name: /Most pause days in a year/,
    })) as HTMLInputElement;
    expect(most.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save pause policy' })).toBeNull();
  });
});
