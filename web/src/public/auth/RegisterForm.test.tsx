import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@app/contract/session';
import { fullPermissions } from '@app/contract/modules';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession } from '../../test/session';
import { RegisterPage, RegisterV2Page, RegisterV3Page } from './RegisterPages';
import { browserDefaults } from './browserDefaults';

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const byLabel = (label: RegExp) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Continue' });

async function fillValid() {
  type(await screen.findByLabelText(/^Username/), 'Asha');
  type(byLabel(/^Your Email/), 'asha@example.test');
  type(byLabel(/^Your Password/), 'Secret@123');
  type(byLabel(/^Re-type Password/), 'Secret@123');
}

afterEach(clearTestSession);

describe('register form', () => {
  it('checks the e-mail pattern and that the passwords match', async () => {
    renderPage(<RegisterPage />);
    type(await screen.findByLabelText(/^Your Email/), 'not-an-address');
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    type(byLabel(/^Your Password/), 'Secret@123');
    type(byLabel(/^Re-type Password/), 'Secret@124');
    expect(await screen.findByText('Passwords dont match')).toBeTruthy();
    type(byLabel(/^Re-type Password/), 'Secret@123');
    await waitFor(() => expect(screen.queryByText('Passwords dont match')).toBeNull());
  });

  it('requires username, e-mail, both passwords and (here) the terms', async () => {
    renderPage(<RegisterPage />);
    type(await screen.findByLabelText(/^Organisation name/), 'x');
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(5));
  });

  it.each([
    ['/register', true, RegisterPage],
    ['/register-v2', true, RegisterV2Page],
    ['/register-v3', false, RegisterV3Page],
  ])('%s requires the terms: %s', async (path, required, Page) => {
    stubFetch(() => jsonResponse(500, {}));
    renderPage(<Page />, path);
    await fillValid();
    fireEvent.click(submit());
    if (required) expect(await screen.findByText('Required')).toBeTruthy();
    else expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it.each([
    ['/register', '/login', RegisterPage],
    ['/register-v2', '/login-v2', RegisterV2Page],
    ['/register-v3', '/login-v3', RegisterV3Page],
  ])('%s links to %s', async (path, target, Page) => {
    renderPage(<Page />, path);
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe(target);
  });

  it('offers the social tab with unavailable buttons', async () => {
    renderPage(<RegisterPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'With Social Network/Media' }));
    const panel = screen.getByRole('tabpanel');
    for (const button of within(panel).getAllByRole('button'))
      expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('registers, stores the session and goes to /app', async () => {
    const server = stubFetch(() =>
      jsonResponse(201, {
        accessToken: 'a',
        refreshToken: 'r',
        userId: 3,
        staffDetails: { staffId: 3, staffName: 'Asha' },
        clientDetails: { clientId: 2, name: 'Asha Reads', currency: 'INR', locale: 'en-IN', timezone: 'UTC' },
        permissions: fullPermissions(),
        branches: [{ id: 9, name: 'Main' }],
        paymentDisabled: false,
      }),
    );
    renderPage(<RegisterPage />);
    await fillValid();
    type(byLabel(/^Organisation name/), 'Asha Reads');
    // The organisation's defaults come from the browser, and the person may change them.
    const guessed = browserDefaults();
    expect((byLabel(/^Time zone/) as HTMLInputElement).value).toBe(guessed.timezone);
    expect((byLabel(/^Currency/) as HTMLInputElement).value).toBe(guessed.currency);
    type(byLabel(/^Currency/), 'eur');
    type(byLabel(/^Time zone/), 'Europe/Berlin');
    fireEvent.click(screen.getByRole('checkbox', { name: /Terms/ }));
    fireEvent.click(submit());
    expect(await screen.findByText('app home')).toBeTruthy();
    expect(server.calls()[0]?.[0]).toBe('/api/authentication/register');
    expect(server.bodyOf(0)).toEqual({
      username: 'Asha',
      email: 'asha@example.test',
      password: 'Secret@123',
      passwordConfirm: 'Secret@123',
      organisationName: 'Asha Reads',
      currency: 'EUR',
      locale: guessed.locale,
      timezone: 'Europe/Berlin',
    });
    expect(localStorage.getItem(storageKeys.accessToken)).toBe('a');
    expect(localStorage.getItem(storageKeys.branches)).toBe('[{"id":9,"name":"Main"}]');
  });

  it("puts the server's field errors on the fields and shows a 409 message", async () => {
    let answer = jsonResponse(400, {
      statusCode: 400,
      reason: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      details: [{ path: 'body.email', message: 'This address cannot receive mail.' }],
    });
    stubFetch(() => answer);
    renderPage(<RegisterV3Page />, '/register-v3');
    await fillValid();
    fireEvent.click(submit());
    expect(await screen.findByText('This address cannot receive mail.')).toBeTruthy();
    answer = jsonResponse(409, {
      statusCode: 409,
      reason: 'CONFLICT',
      message: 'An account with this email already exists.',
    });
    type(byLabel(/^Your Email/), 'taken@example.test');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this email already exists.');
  });
});

describe('the organisation defaults a browser suggests (issue 14)', () => {
  it('takes the language’s region for locale and currency, and the browser’s time zone', () => {
    expect(browserDefaults('de', 'Europe/Berlin')).toEqual({
      currency: 'EUR',
      locale: 'de-DE',
      timezone: 'Europe/Berlin',
    });
    expect(browserDefaults('en-IN', 'Asia/Kolkata')).toEqual({
      currency: 'INR',
      locale: 'en-IN',
      timezone: 'Asia/Kolkata',
    });
    expect(browserDefaults('en-GB', 'Europe/London').currency).toBe('GBP');
    expect(browserDefaults('xx-QQ', '').currency).toBe('USD');
  });
});
