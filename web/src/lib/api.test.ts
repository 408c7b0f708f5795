import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieKeys, storageKeys } from '@app/contract/session';
import {
  ApiError,
  forgetPrefetched,
  get,
  onDatabaseRestarting,
  post,
  prefetchGet,
  put,
  takeArrivedAnswer,
} from './api';
import { hardNavigate } from './navigation';
import { readCookie, writeActiveBranch, writeCookie } from './session';

vi.mock('./navigation', () => ({ hardNavigate: vi.fn() }));

type FetchArgs = [input: string, init: RequestInit];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const expired = { statusCode: 401, reason: 'TOKEN_INVALID_OR_EXPIRED', message: 'Token expired' };

function headersOf(call: FetchArgs | undefined): Record<string, string> {
  return (call?.[1].headers ?? {}) as Record<string, string>;
}

/** A server that accepts only `validToken` and rotates old -> new on refresh. */
function fakeServer(options: { validToken: string; refresh: () => Promise<Response> | Response }) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit): Promise<Response> => {
    if (input === '/api/authentication/refreshToken') return options.refresh();
    const auth = (init.headers as Record<string, string>).Authorization;
    return auth === `Bearer ${options.validToken}` ? json(200, { ok: true }) : json(401, expired);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = () => fetchMock.mock.calls as FetchArgs[];
  return {
    fetchMock,
    refreshCalls: () => calls().filter(([url]) => url === '/api/authentication/refreshToken'),
    dataCalls: () => calls().filter(([url]) => url !== '/api/authentication/refreshToken'),
  };
}

function signIn(): void {
  localStorage.setItem(storageKeys.accessToken, 'old-access');
  localStorage.setItem(storageKeys.refreshToken, 'old-refresh');
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(hardNavigate).mockClear();
});

afterEach(() => {
  for (const key of Object.values(cookieKeys)) document.cookie = `${key}=; Path=/; Max-Age=0`;
});

describe('request headers', () => {
  it('sends no session headers without an access token', async () => {
    const fetchMock = vi.fn(async () => json(200, []));
    vi.stubGlobal('fetch', fetchMock);
    await get('/feeType/getFeeTypes');
    const [url, init] = fetchMock.mock.calls[0] as unknown as FetchArgs;
    expect(url).toBe('/api/feeType/getFeeTypes');
    const headers = init.headers as Record<string, string>;
    expect(headers).not.toHaveProperty('token');
    expect(headers).not.toHaveProperty('branchId');
    expect(headers).not.toHaveProperty('Authorization');
  });

  it("sends token, branchId 'null' and Bearer when signed in without an active branch", async () => {
    signIn();
    const server = fakeServer({ validToken: 'old-access', refresh: () => json(500, {}) });
    await get('/staff/getActiveStaffByClient');
    expect(headersOf(server.dataCalls()[0])).toMatchObject({
      token: 'old-access',
      branchId: 'null',
      Authorization: 'Bearer old-access',
    });
  });

  it('sends the active branch id and a JSON body with query parameters appended', async () => {
    signIn();
    writeActiveBranch({ id: 7, name: 'North' });
    const server = fakeServer({ validToken: 'old-access', refresh: () => json(500, {}) });
    await put(
      '/feeType/updateFeeType?feeTypeId=3',
      { name: 'Late fee' },
      { query: { page: 0, q: undefined } },
    );
    const [url, init] = server.dataCalls()[0] as FetchArgs;
    expect(url).toBe('/api/feeType/updateFeeType?feeTypeId=3&page=0');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"name":"Late fee"}');
    expect(headersOf([url, init])).toMatchObject({ branchId: '7', 'Content-Type': 'application/json' });
  });
});

describe('token refresh', () => {
  it('refreshes once on 401 TOKEN_INVALID_OR_EXPIRED, stores the new tokens and retries', async () => {
    signIn();
    const server = fakeServer({
      validToken: 'new-access',
      refresh: () => json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' }),
    });
    await expect(get('/feeType/getFeeTypes')).resolves.toEqual({ ok: true });
    expect(server.refreshCalls()).toHaveLength(1);
    expect(JSON.parse(server.refreshCalls()[0]?.[1].body as string)).toEqual({ refreshToken: 'old-refresh' });
    expect(server.dataCalls().map((call) => headersOf(call).token)).toEqual(['old-access', 'new-access']);
    expect(localStorage.getItem(storageKeys.accessToken)).toBe('new-access');
    expect(localStorage.getItem(storageKeys.refreshToken)).toBe('new-refresh');
  });

  it('shares one refresh call between concurrent 401s', async () => {
    signIn();
    let answerRefresh: (response: Response) => void = () => undefined;
    const server = fakeServer({
      validToken: 'new-access',
      refresh: () => new Promise<Response>((resolve) => (answerRefresh = resolve)),
    });
    const first = get('/feeType/getFeeTypes');
    const second = get('/staff/getActiveStaffByClient');
    await vi.waitFor(() => expect(server.refreshCalls()).toHaveLength(1));
    // Let the second 401 reach the refresh step while the first refresh is still unanswered.
    await new Promise((resolve) => setTimeout(resolve, 20));
    answerRefresh(json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' }));
    await expect(Promise.all([first, second])).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(server.refreshCalls()).toHaveLength(1);
    expect(server.dataCalls()).toHaveLength(4);
  });

  it('retries only once: a second expired answer is passed on', async () => {
    signIn();
    const server = fakeServer({
      validToken: 'never-valid',
      refresh: () => json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' }),
    });
    await expect(get('/feeType/getFeeTypes')).rejects.toMatchObject({
      status: 401,
      reason: 'TOKEN_INVALID_OR_EXPIRED',
    });
    expect(server.refreshCalls()).toHaveLength(1);
    expect(server.dataCalls()).toHaveLength(2);
  });

  it('clears the stored session and goes to /login when the refresh fails', async () => {
    signIn();
    writeActiveBranch({ id: 1 });
    localStorage.setItem(storageKeys.branches, '[{"id":1,"name":"Main"}]');
    localStorage.setItem(storageKeys.userId, '5');
    localStorage.setItem(storageKeys.staffDetails, '{"staffId":5,"staffName":"Ann"}');
    writeCookie(cookieKeys.clientDetails, '{"clientId":1}');
    writeCookie(cookieKeys.paymentDisabled, 'false');
    writeCookie(cookieKeys.permissions, '[]');
    localStorage.setItem('locale', 'de');
    const server = fakeServer({
      validToken: 'new-access',
      refresh: () => json(401, { statusCode: 401, reason: 'TOKEN_INVALID_OR_EXPIRED', message: 'Revoked' }),
    });

    await expect(get('/feeType/getFeeTypes')).rejects.toBeInstanceOf(ApiError);
    expect(server.refreshCalls()).toHaveLength(1);
    for (const key of Object.values(storageKeys)) expect(localStorage.getItem(key)).toBeNull();
    for (const key of Object.values(cookieKeys)) expect(readCookie(key)).toBeNull();
    expect(localStorage.getItem('locale')).toBe('de');
    expect(hardNavigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('does not refresh or retry a 401 with another reason', async () => {
    signIn();
    const fetchMock = vi.fn(async () =>
      json(401, { statusCode: 401, reason: 'INVALID_CREDENTIALS', message: 'Wrong email or password' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(post('/authentication/login', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      status: 401,
      reason: 'INVALID_CREDENTIALS',
      message: 'Wrong email or password',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(hardNavigate).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.accessToken)).toBe('old-access');
  });
});

describe('errors', () => {
  it('turns an error body into an ApiError with status, reason, message and details', async () => {
    const details = [{ path: 'body.name', message: 'Required' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, { statusCode: 400, reason: 'VALIDATION_FAILED', message: 'Check the form', details }),
      ),
    );
    const error: unknown = await post('/feeType/createFeeType', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      reason: 'VALIDATION_FAILED',
      message: 'Check the form',
      details,
    });
  });

  it("rejects with 'Unknown Error Occured' when the request cannot be prepared, without calling fetch", async () => {
    const fetchMock = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const error: unknown = await post('/feeType/createFeeType', { amount: 10n }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Unknown Error Occured',
      reason: 'REQUEST_NOT_PREPARED',
      status: 0,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    await expect(get('/feeType/getFeeTypes')).rejects.toMatchObject({ status: 0, reason: 'NETWORK_ERROR' });
  });
});

describe('prefetched answers (a route loader asks before its screen has loaded)', () => {
  beforeEach(forgetPrefetched);

  it('an answer that has arrived is taken once, whole, by the same request; then the request asks again', async () => {
    signIn();
    writeActiveBranch({ id: 1, name: 'North' });
    const fetchMock = vi.fn(async () => json(200, { items: [1, 2], extra: true }));
    vi.stubGlobal('fetch', fetchMock);
    await prefetchGet('/thing/getThings', { page: 0, pageSize: 5 });
    // Another address takes nothing.
    expect(takeArrivedAnswer('/thing/getThings', { page: 1, pageSize: 5 })).toBeUndefined();
    const taken = takeArrivedAnswer('/thing/getThings', { page: 0, pageSize: 5 });
    expect(taken?.data).toEqual({ items: [1, 2], extra: true });
    expect(taken?.at).toBeLessThanOrEqual(Date.now());
    expect(takeArrivedAnswer('/thing/getThings', { page: 0, pageSize: 5 })).toBeUndefined();
    await get('/thing/getThings', { query: { page: 0, pageSize: 5 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a failed answer is not taken: the request that follows receives the failure as usual', async () => {
    signIn();
    writeActiveBranch({ id: 1, name: 'North' });
    const fetchMock = vi.fn(async () =>
      json(403, { statusCode: 403, reason: 'FORBIDDEN', message: 'Not yours.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await prefetchGet('/thing/getThings', { page: 0 });
    expect(takeArrivedAnswer('/thing/getThings', { page: 0 })).toBeUndefined();
    await expect(get('/thing/getThings', { query: { page: 0 } })).rejects.toMatchObject({ status: 403 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an answer for another branch is not taken', async () => {
    signIn();
    writeActiveBranch({ id: 1, name: 'North' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: [] })),
    );
    await prefetchGet('/thing/getThings', { page: 0 });
    writeActiveBranch({ id: 2, name: 'South' });
    expect(takeArrivedAnswer('/thing/getThings', { page: 0 })).toBeUndefined();
  });

  it('the same prefetch again soon after (a hover, then the click) waits for the first: one request', async () => {
    signIn();
    writeActiveBranch({ id: 1, name: 'North' });
    const fetchMock = vi.fn(async () => json(200, { items: [3] }));
    vi.stubGlobal('fetch', fetchMock);
    const first = prefetchGet('/hovered/getThings', { page: 0, pageSize: 5 });
    const second = prefetchGet('/hovered/getThings', { page: 0, pageSize: 5 });
    await Promise.all([first, second]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(takeArrivedAnswer('/hovered/getThings', { page: 0, pageSize: 5 })?.data).toEqual({ items: [3] });
  });

  // A repeat visit to a list draws it from TanStack Query's cache, fresh for 30 s: its loader's
  // prefetch would be read by nobody (issue 36).
  it('asks nothing for an answer the screens received within 30 s, until a write', async () => {
    signIn();
    writeActiveBranch({ id: 1, name: 'North' });
    const fetchMock = vi.fn(async () => json(200, { items: [4] }));
    vi.stubGlobal('fetch', fetchMock);
    const now = vi.spyOn(Date, 'now');
    try {
      now.mockReturnValue(1_000_000);
      // Taken by a screen from a prefetch, then asked for by a screen itself: neither asked again.
      await prefetchGet('/seen/getThings', { page: 0 });
      takeArrivedAnswer('/seen/getThings', { page: 0 });
      await prefetchGet('/seen/getThings', { page: 0 });
      await get('/seen/getOthers', { query: { page: 0 } });
      await prefetchGet('/seen/getOthers', { page: 0 });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      // Another page, another branch: asked.
      await prefetchGet('/seen/getOthers', { page: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(3);
      // 30 s on, the screen would ask again: the prefetch does.
      now.mockReturnValue(1_030_001);
      await prefetchGet('/seen/getThings', { page: 0 });
      expect(fetchMock).toHaveBeenCalledTimes(4);
      // A write makes the lists stale: the next visit's prefetch asks.
      await post('/seen/addThing', { name: 'x' });
      await prefetchGet('/seen/getOthers', { page: 0 });
      expect(fetchMock).toHaveBeenCalledTimes(6);
    } finally {
      now.mockRestore();
    }
  });

  // The frame holds its page back until a branch is chosen; a prefetch before would be a 400
  // nobody reads (issue 35).
  it('asks nothing before a branch is active', async () => {
    signIn();
    const fetchMock = vi.fn(async () => json(200, { items: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await prefetchGet('/thing/getThings', { page: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a server starting its database again (issue 42, point 1)', () => {
  const answer503 = (code: string, retryAfter = '1') =>
    new Response(
      JSON.stringify({ statusCode: 503, reason: 'SERVICE_UNAVAILABLE', message: 'Not now.', code }),
      { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter } },
    );
  afterEach(() => vi.useRealTimers());

  it('sends the request again after each Retry-After until it is answered, and says why meanwhile', async () => {
    vi.useFakeTimers();
    const answers = [
      answer503('DATABASE_RESTARTING'),
      answer503('DATABASE_RESTARTING', '3'),
      json(201, { id: 1 }),
    ];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    const told = vi.fn();
    const stopTelling = onDatabaseRestarting(told);
    try {
      const created = post<{ id: number }>('/user/createUser', { name: 'Asha' });
      await vi.advanceTimersByTimeAsync(999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(3000);
      expect(await created).toEqual({ id: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(3);
      // The same write each time: it never reached the database while the answer was 503.
      const bodies = (fetchMock.mock.calls as unknown as FetchArgs[]).map(([, init]) => init.body);
      expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ name: 'Asha' })]));
      expect(told).toHaveBeenCalledTimes(2);
      expect(told.mock.calls[0]![0]).toMatchObject({ status: 503, code: 'DATABASE_RESTARTING' });
    } finally {
      stopTelling();
    }
  });

  it('passes any other 503 on at once (a busy server, a full disk)', async () => {
    for (const code of ['SERVER_BUSY', 'DISK_FULL']) {
      const fetchMock = vi.fn(async () => answer503(code));
      vi.stubGlobal('fetch', fetchMock);
      await expect(get('/user/getUsers')).rejects.toMatchObject({ status: 503, code });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('gives up after a minute and passes the answer on', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => answer503('DATABASE_RESTARTING', '5'));
    vi.stubGlobal('fetch', fetchMock);
    const listing = get('/user/getUsers');
    const outcome = listing.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(65_000);
    expect(await outcome).toMatchObject({ status: 503, code: 'DATABASE_RESTARTING' });
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(12);
    expect(fetchMock.mock.calls.length).toBeLessThanOrEqual(14);
  });
});
