import type { ErrorBody, ErrorReason, FieldError } from '@app/contract/errors';
import { errorReasons } from '@app/contract/errorReasons';
import { headerNames } from '@app/contract/sessionKeys';
import { hardNavigate } from './navigation';
import { clearSession, readAccessToken, readActiveBranch, readRefreshToken, writeTokens } from './session';

export const apiBaseUrl = '/api';
export const refreshPath = '/authentication/refreshToken';
/** Spelt as the specification spells it (section 8). */
export const unknownErrorMessage = 'Unknown Error Occured';
export const genericErrorMessage = 'An error occurred.';

/** Failures that happen in the browser, so the server never named them. */
export type ClientErrorReason = 'REQUEST_NOT_PREPARED' | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no answer arrived. */
  readonly status: number;
  readonly reason: ErrorReason | ClientErrorReason;
  readonly details: FieldError[] | undefined;
  /** The sentence's stable code and parameters (contract errorCodes), for errorMessage to translate. */
  readonly code: string | undefined;
  readonly params: ErrorBody['params'];

  constructor(init: {
    status: number;
    reason: ErrorReason | ClientErrorReason;
    message: string;
    details?: FieldError[];
    code?: string;
    params?: ErrorBody['params'];
  }) {
    super(init.message);
    this.status = init.status;
    this.reason = init.reason;
    this.details = init.details;
    this.code = init.code;
    this.params = init.params;
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

/**
 * A request's options. A successful answer is typed by the call (`get<Member>(...)`), not checked
 * again here: the API checks every answer against the contract's schema in its own suite and in
 * the browser suite (CHECK_RESPONSES), and keeping zod and the schemas off the first load is what
 * brings the first table route under its budget (issue 21; docs/decisions/performance.md).
 */
export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key); the session headers are added on top. */
  headers?: Record<string, string>;
}

interface PreparedRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | Blob | undefined;
  signal: AbortSignal | undefined;
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return apiBaseUrl + path;
  return `${apiBaseUrl}${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function prepare(method: HttpMethod, path: string, options: RequestOptions): PreparedRequest {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A file (a bill) goes as it is, typed by itself; anything else as JSON.
  if (options.body instanceof Blob) {
    headers['Content-Type'] = options.body.type || 'application/octet-stream';
    return {
      url: buildUrl(path, options.query),
      method,
      headers,
      body: options.body,
      signal: options.signal,
    };
  }
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return { url: buildUrl(path, options.query), method, headers, body, signal: options.signal };
}

function sessionHeaders(accessToken: string | null): Record<string, string> {
  if (accessToken === null) return {};
  const branch = readActiveBranch();
  return {
    [headerNames.token]: accessToken,
    [headerNames.branchId]: branch === null ? 'null' : String(branch.id),
    [headerNames.authorization]: `Bearer ${accessToken}`,
  };
}

/**
 * GET answers asked for before the code that wants them has loaded (a route's loader starts its
 * first page's list with the page's chunks, issue 21), kept for one use by the same request: same
 * address, token and branch, within a few seconds.
 */
interface Prefetch {
  response: Promise<Response>;
  at: number;
  /** Settles once the answer has been read (prefetchGet's promise). */
  settled: Promise<void>;
  /** The body of a successful answer, once it has arrived and been read (takeArrivedAnswer). */
  arrived?: unknown;
}
const prefetched = new Map<string, Prefetch>();
// As long as TanStack Query treats an answer as fresh (queryClient.ts, staleTime).
const prefetchFreshMs = 30_000;
// A second prefetch of the same request this soon takes the first one's answer instead of asking
// again: a menu entry's hover starts the page's first page, and the route's loader, run by the
// click that follows, must not replace it with a later request (issue 36).
const prefetchReuseMs = 5_000;

function prefetchKey(url: string, accessToken: string | null): string {
  return JSON.stringify([url, accessToken, readActiveBranch()?.id ?? null]);
}

/**
 * When each GET's answer reached the screens (by prefetchKey). TanStack Query draws an answer from
 * its cache without asking again for prefetchFreshMs, so a route's loader prefetching it again in
 * that time (a repeat visit to a list) would send a request nobody reads, whose parse competes
 * with the screen's drawing (issue 36). Any write forgets them all: the lists it makes stale are
 * asked for again when they mount, and their prefetch helps again.
 */
const answeredAt = new Map<string, number>();

function noteAnswered(prepared: PreparedRequest, accessToken: string | null, at: number): void {
  if (prepared.method === 'GET') answeredAt.set(prefetchKey(prepared.url, accessToken), at);
  else answeredAt.clear();
}

/**
 * Starts a GET now, for the `get` of the same path and query that will follow shortly. Settles
 * (never fails) once the answer has arrived and been read; nobody needs to wait for it.
 */
export function prefetchGet(path: string, query: Record<string, QueryValue>): Promise<void> {
  const accessToken = readAccessToken();
  // Route loaders prefetch for pages of the /app frame, which holds its page back until a branch
  // is active (BranchGate): before the first choice nobody would read the answer, and most routes
  // refuse a request without a branch (issue 35: a 400 behind the branch dialog).
  if (accessToken === null || readActiveBranch() === null) return Promise.resolve();
  const prepared = prepare('GET', path, { query });
  const key = prefetchKey(prepared.url, accessToken);
  const answered = answeredAt.get(key);
  if (answered !== undefined && Date.now() - answered <= prefetchFreshMs) return Promise.resolve();
  const earlier = prefetched.get(key);
  if (earlier !== undefined && Date.now() - earlier.at <= prefetchReuseMs) return earlier.settled;
  const response = fetch(prepared.url, {
    method: 'GET',
    headers: { ...prepared.headers, ...sessionHeaders(accessToken) },
  });
  // Read as soon as it arrives, so a screen that mounts afterwards can draw it in its first render.
  // A failed prefetch is not an error of its own: the request that follows asks again.
  const entry: Prefetch = {
    response,
    at: Date.now(),
    settled: response
      .then((answer) => (answer.ok ? (answer.clone().json() as Promise<unknown>) : undefined))
      .then(
        (body) => {
          entry.arrived = body;
        },
        () => {},
      ),
  };
  prefetched.set(key, entry);
  return entry.settled;
}

/** Forgets every prefetched answer, taken or not (a test starts without another test's). */
export function forgetPrefetched(): void {
  prefetched.clear();
  answeredAt.clear();
}

function takePrefetched(prepared: PreparedRequest, accessToken: string | null): Promise<Response> | null {
  if (prepared.method !== 'GET') return null;
  const key = prefetchKey(prepared.url, accessToken);
  const hit = prefetched.get(key);
  if (hit === undefined) return null;
  prefetched.delete(key);
  return Date.now() - hit.at <= prefetchFreshMs ? hit.response : null;
}

/**
 * The prefetched answer to `get(path, { query })` if it has already arrived and succeeded, taken
 * for this one use (with when it was asked for); otherwise nothing is taken
 * and the `get` that follows waits for it as usual. A table mounting after its first page has
 * arrived starts with the rows instead of a loading state and a second render (issue 21).
 */
export function takeArrivedAnswer<T>(
  path: string,
  query: Record<string, QueryValue>,
): { data: T; at: number } | undefined {
  const key = prefetchKey(prepare('GET', path, { query }).url, readAccessToken());
  const hit = prefetched.get(key);
  if (hit?.arrived === undefined || Date.now() - hit.at > prefetchFreshMs) return undefined;
  prefetched.delete(key);
  answeredAt.set(key, hit.at);
  return { data: hit.arrived as T, at: hit.at };
}

/**
 * The `initialData` and `initialDataUpdatedAt` of a TanStack query whose request a route's loader
 * may have made already: the query starts with that answer if it has arrived (takeArrivedAnswer),
 * and counts it as fetched when the loader asked for it. Both are read when the query first
 * enters the cache, so the answer is taken once.
 */
export function startWithArrived<T>(
  path: string,
  query: Record<string, QueryValue>,
): { initialData: () => T | undefined; initialDataUpdatedAt: () => number | undefined } {
  let at: number | undefined;
  return {
    initialData: () => {
      const arrived = takeArrivedAnswer<T>(path, query);
      at = arrived?.at;
      return arrived?.data;
    },
    initialDataUpdatedAt: () => at,
  };
}

async function send(prepared: PreparedRequest, accessToken: string | null): Promise<Response> {
  const at = Date.now();
  const response = await sendOnce(prepared, accessToken);
  if (response.ok || prepared.method !== 'GET') noteAnswered(prepared, accessToken, at);
  return response;
}

async function sendOnce(prepared: PreparedRequest, accessToken: string | null): Promise<Response> {
  const early = takePrefetched(prepared, accessToken);
  if (early !== null) {
    try {
      return await early;
    } catch {
      // Network trouble during the prefetch: ask again below.
    }
  }
  try {
    return await fetch(prepared.url, {
      method: prepared.method,
      headers: { ...prepared.headers, ...sessionHeaders(accessToken) },
      body: prepared.body,
      signal: prepared.signal,
    });
  } catch (error) {
    // A cancelled request must stay an AbortError so TanStack Query treats it as cancellation.
    if (prepared.signal?.aborted) throw error;
    throw new ApiError({ status: 0, reason: 'NETWORK_ERROR', message: genericErrorMessage });
  }
}

/**
 * While the server starts its database again (issue 42), it answers 503 DATABASE_RESTARTING: the
 * request never reached the database, so it is sent again after the answer's Retry-After, for up
 * to a minute, and the screens are told (the notice "The server is restarting its database").
 */
const databaseRestartWaitMs = 60_000;
const restartListeners = new Set<(error: ApiError) => void>();

export function onDatabaseRestarting(listener: (error: ApiError) => void): () => void {
  restartListeners.add(listener);
  return () => restartListeners.delete(listener);
}

async function sendThroughRestart(prepared: PreparedRequest, accessToken: string | null): Promise<Response> {
  const giveUpAt = Date.now() + databaseRestartWaitMs;
  for (;;) {
    const response = await send(prepared, accessToken);
    if (response.status !== 503 || Date.now() >= giveUpAt) return response;
    const error = await errorFrom(response.clone());
    if (error.code !== 'DATABASE_RESTARTING') return response;
    for (const listener of restartListeners) listener(error);
    const seconds = Number(response.headers.get('retry-after')) || 2;
    await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 10) * 1000));
    if (prepared.signal?.aborted) return response;
  }
}

async function readJson(response: Response): Promise<{ ok: true; data: unknown } | { ok: false }> {
  const text = await response.text();
  if (text === '') return { ok: true, data: undefined };
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

// Checked by hand rather than with the contract's zod schemas (errorBodySchema,
// refreshResponseSchema): this module is on every page, the sign-in page included, and zod is not
// (issue 21). api.test.ts holds these checks to the schemas' verdicts.
const record = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isErrorBody(value: unknown): value is ErrorBody {
  if (!record(value)) return false;
  const { statusCode, reason, message, details } = value;
  return (
    Number.isInteger(statusCode) &&
    (errorReasons as readonly unknown[]).includes(reason) &&
    typeof message === 'string' &&
    isMessageCode(value) &&
    (details === undefined ||
      (Array.isArray(details) &&
        details.every(
          (d) => record(d) && typeof d.path === 'string' && typeof d.message === 'string' && isMessageCode(d),
        )))
  );
}

/** The optional `code` (a string) and `params` (strings and numbers) of an answer or a detail. */
function isMessageCode(value: Record<string, unknown>): boolean {
  const { code, params } = value;
  return (
    (code === undefined || typeof code === 'string') &&
    (params === undefined ||
      (record(params) && Object.values(params).every((v) => typeof v === 'string' || typeof v === 'number')))
  );
}

export function isTokenPair(value: unknown): value is { accessToken: string; refreshToken: string } {
  return record(value) && typeof value.accessToken === 'string' && typeof value.refreshToken === 'string';
}

async function errorFrom(response: Response): Promise<ApiError> {
  const read = await readJson(response);
  if (read.ok && isErrorBody(read.data)) {
    const { reason, message, details, code, params } = read.data;
    // Only the fields of the contract, as the schema would have kept them.
    const fields = details?.map((d) => ({
      path: d.path,
      message: d.message,
      code: d.code,
      params: d.params,
    }));
    return new ApiError({ status: response.status, reason, message, details: fields, code, params });
  }
  return new ApiError({
    status: response.status,
    reason: 'UNEXPECTED_RESPONSE',
    message: genericErrorMessage,
  });
}

// Shared by every request that meets an expired token, so a burst of 401s costs one refresh and
// the rotated refresh token is not presented twice (the server treats reuse as theft).
let refreshInFlight: Promise<string | null> | null = null;

async function refreshTokens(): Promise<string | null> {
  try {
    const refreshToken = readRefreshToken();
    if (refreshToken === null) throw new Error('no refresh token stored');
    const response = await fetch(apiBaseUrl + refreshPath, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    if (!response.ok) throw new Error(`refresh answered ${response.status}`);
    const tokens: unknown = await response.json();
    if (!isTokenPair(tokens)) throw new Error('refresh answered without tokens');
    writeTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    return tokens.accessToken;
  } catch {
    clearSession();
    hardNavigate('/login');
    return null;
  }
}

function refreshOnce(): Promise<string | null> {
  refreshInFlight ??= refreshTokens().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function renewAccessToken(sentToken: string | null): Promise<string | null> {
  const current = readAccessToken();
  // The stored token changed while this request was out: another request already refreshed it
  // (use the new one) or the session was cleared (give up without a second refresh).
  if (current !== sentToken) return current;
  return refreshOnce();
}

async function readSuccess<T>(response: Response): Promise<T> {
  const read = await readJson(response);
  if (!read.ok) {
    throw new ApiError({
      status: response.status,
      reason: 'UNEXPECTED_RESPONSE',
      message: genericErrorMessage,
    });
  }
  return read.data as T;
}

export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await successfulResponse(method, path, options);
  return readSuccess<T>(response);
}

/** Sends the request (with the one refresh on an expired token); a failed answer becomes an ApiError. */
async function successfulResponse(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
): Promise<Response> {
  let prepared: PreparedRequest;
  try {
    prepared = prepare(method, path, options);
  } catch {
    throw new ApiError({ status: 0, reason: 'REQUEST_NOT_PREPARED', message: unknownErrorMessage });
  }

  const sentToken = readAccessToken();
  let response = await sendThroughRestart(prepared, sentToken);
  if (response.status === 401) {
    const error = await errorFrom(response);
    if (error.reason !== 'TOKEN_INVALID_OR_EXPIRED') throw error;
    const freshToken = await renewAccessToken(sentToken);
    if (freshToken === null) throw error;
    // Exactly one retry: a second 401 is passed on like any other error.
    response = await sendThroughRestart(prepared, freshToken);
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

type BodylessOptions = Omit<RequestOptions, 'body'>;

/** A file the server sends (a CSV template): its bytes and the content-disposition header. */
export async function getBlob(
  path: string,
  options?: BodylessOptions,
): Promise<{ blob: Blob; disposition: string | null }> {
  const response = await successfulResponse('GET', path, options ?? {});
  return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
}

export function get<T>(path: string, options?: BodylessOptions): Promise<T> {
  return request<T>('GET', path, options);
}

export function post<T>(path: string, body?: unknown, options?: BodylessOptions): Promise<T> {
  return request<T>('POST', path, { ...options, body });
}

export function put<T>(path: string, body?: unknown, options?: BodylessOptions): Promise<T> {
  return request<T>('PUT', path, { ...options, body });
}

export function del<T = void>(path: string, options?: BodylessOptions): Promise<T> {
  return request<T>('DELETE', path, options);
}
